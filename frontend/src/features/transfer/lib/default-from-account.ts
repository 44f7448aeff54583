import type { Account } from '@/lib/accounts';
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
    const asked = open.find((a) => String(a.id) === requested);
    if (asked) return String(asked.id);
  }
  const funded = open.filter((a) => centsOf(a.available_balance) > 0);
  const pick = funded.find((a) => a.type === 'checking') ?? funded[0];
  return pick ? String(pick.id) : '';
}
