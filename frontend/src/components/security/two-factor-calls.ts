import {
  recoveryCodesReply,
  sessionData,
  twoFactorConfirmedData,
  twoFactorDisabledData,
  twoFactorSetupData,
  twoFactorStatusData,
} from '@bank/contracts';
import { api } from '@/lib/api-client';

// The two-factor calls of the profile and sign-in pages, parsed with the contract's schemas. The
// step-up call is in two-factor-api.ts: the signed-in shell loads it, and should not carry zod.

export const twoFactorStatusKey = ['two-factor'] as const;

export const getTwoFactorStatus = async (signal?: AbortSignal) =>
  twoFactorStatusData.parse((await api.get<unknown>('/two-factor', { signal })).data);

export const startTwoFactorSetup = async () =>
  twoFactorSetupData.parse((await api.post<unknown>('/two-factor/setup')).data);

export const confirmTwoFactorSetup = async (code: string) =>
  twoFactorConfirmedData.parse((await api.post<unknown>('/two-factor/confirm', { code })).data);

/** New recovery codes (after step-up): the old ones stop working. */
export const regenerateRecoveryCodes = async () =>
  recoveryCodesReply.shape.data.parse((await api.post<unknown>('/two-factor/recovery-codes')).data);

export const disableTwoFactor = async (password: string) =>
  twoFactorDisabledData.parse((await api.post<unknown>('/two-factor/disable', { password })).data);

/** The second step of signing in: the code was right, the session opens. */
export const completeTwoFactorLogin = async (challengeToken: string, code: string) =>
  sessionData.parse(
    (
      await api.post<unknown>(
        '/login/two-factor',
        { challenge_token: challengeToken, code },
        { skipUnauthorizedHandler: true },
      )
    ).data,
  );
