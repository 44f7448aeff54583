import { recoveryCodesReply } from '@bank/contracts';
import { api } from '@/lib/api-client';

// Apart from two-factor-api.ts, which the signed-in shell loads for its step-up dialog: parsing
// with the contract's schema brings zod, which the shell's first load should not carry.

/** New recovery codes (after step-up): the old ones stop working. */
export const regenerateRecoveryCodes = async () =>
  recoveryCodesReply.shape.data.parse((await api.post<unknown>('/two-factor/recovery-codes')).data);
