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

/**
 * Whether the customer has two-factor sign-in on (GET /two-factor), for the step-up dialog. Read
 * without the contract's schemas: the status schema would pull the sign-in page's contract module
 * into the shell's first load.
 */
export async function twoFactorIsOn(signal?: AbortSignal): Promise<boolean> {
  const { data } = await api.get<{ enabled?: unknown } | null>('/two-factor', { signal });
  return data?.enabled === true;
}
