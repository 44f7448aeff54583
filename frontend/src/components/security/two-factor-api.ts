import { api } from '@/lib/api-client';
import { loadContracts } from '@/lib/contracts';

// Apart from the other two-factor calls (two-factor-calls.ts): the signed-in shell's step-up
// dialog loads this module, so it loads the contract's schemas only when it is used.

/** POST /step-up: when the session proved it is the customer. */
export async function stepUp(proof: { password: string } | { code: string }) {
  const [contracts, { data }] = await Promise.all([
    loadContracts(),
    api.post<unknown>('/step-up', proof),
  ]);
  return contracts.steppedUpData.parse(data);
}

export const twoFactorStatusKey = ['two-factor'] as const;

/** GET /two-factor: whether two-factor sign-in is on, and how many recovery codes are left. */
export async function getTwoFactorStatus(signal?: AbortSignal) {
  const [contracts, { data }] = await Promise.all([
    loadContracts(),
    api.get<unknown>('/two-factor', { signal }),
  ]);
  return contracts.twoFactorStatusData.parse(data);
}
