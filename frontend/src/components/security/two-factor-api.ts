import { api } from '@/lib/api-client';
import type { Session } from '@/lib/auth';

export type TwoFactorStatus = { enabled: boolean; recovery_codes_left: number };
export type TwoFactorSetup = { secret: string; otpauth_url: string };
/** What POST /login answers instead of a session while the second factor is owed. */
export type TwoFactorChallenge = {
  two_factor_required: true;
  challenge_token: string;
  expires_at: string;
};

export const twoFactorStatusKey = ['two-factor'] as const;

export const getTwoFactorStatus = async (signal?: AbortSignal) =>
  (await api.get<TwoFactorStatus>('/two-factor', { signal })).data;

export const startTwoFactorSetup = async () =>
  (await api.post<TwoFactorSetup>('/two-factor/setup')).data;

export const confirmTwoFactorSetup = async (code: string) =>
  (await api.post<{ recovery_codes: string[] }>('/two-factor/confirm', { code })).data;

export const disableTwoFactor = (password: string) =>
  api.post<{ enabled: false }>('/two-factor/disable', { password });

export const completeTwoFactorLogin = async (challengeToken: string, code: string) =>
  (
    await api.post<Session>(
      '/login/two-factor',
      { challenge_token: challengeToken, code },
      { skipUnauthorizedHandler: true },
    )
  ).data;

export const stepUp = (proof: { password: string } | { code: string }) =>
  api.post<{ stepped_up_at: string }>('/step-up', proof);
