import { accountById, type Account } from '@/lib/accounts';
import { centsOf } from '@/lib/cents';

type Candidate = Pick<Account, 'id' | 'type' | 'status' | 'available_balance'>;

/**
 * The account a new transfer starts from, as its id ('' for none): the account the customer came
 * from when the address names one of theirs (`?from=<id>`), else the first open checking account
 * with money available, else the first open account with money available. The accounts come in
 * the order they were opened, so the first checking account is the customer's main one.
 */
export function defaultFromAccount(accounts: Candidate[], requested?: string | null): string {
  const open = accounts.filter((a) => a.status === 'active');
  if (requested) {
    const asked = accountById(open, requested);
    if (asked) return String(asked.id);
  }
  const funded = open.filter((a) => centsOf(a.available_balance) > 0);
  const pick = funded.find((a) => a.type === 'checking') ?? funded[0];
  return pick ? String(pick.id) : '';
}

/**
 * What the address should name as the From account (`?from=`, null for nothing) while the details
 * show `chosen`: the account chosen, so that a reload or Back starts from it again. Nothing is
 * added for the account a plain visit starts from anyway, and while none is chosen (not filled in
 * yet, or cleared by the customer) the address keeps what it names. An id the address names that
 * is not one of the customer's open accounts never got into the form (`defaultFromAccount` passed
 * it over), so it gives way to the account shown.
 */
export function fromInAddress(
  accounts: Candidate[],
  named: string | null,
  chosen: string,
): string | null {
  if (!chosen) return named;
  if (!named && chosen === defaultFromAccount(accounts)) return null;
  return chosen;
}
