// Bank accounts as the server returns them (GET /api/accounts and /api/dashboard).
import type { AccountView } from '@bank/contracts';
import { centsOf } from './cents';

export type Account = AccountView;

export function accountName(account: Pick<Account, 'name' | 'account_name'>): string {
  return account.account_name || account.name;
}

/**
 * The account with this id, if the list holds one. Ids arrive as the server sends them and as an
 * address, a form field or a stored payment writes them, so both sides are compared as text.
 */
export function accountById<A extends Pick<Account, 'id'>>(
  accounts: readonly A[] | null | undefined,
  id: string | number | null | undefined,
): A | undefined {
  if (id === null || id === undefined || id === '') return undefined;
  const wanted = String(id);
  return accounts?.find((a) => String(a.id) === wanted);
}

/** The accounts' balances added up by whole cents, in dollars. */
export function totalBalance(accounts: Pick<Account, 'balance'>[]): number {
  return accounts.reduce((sum, a) => sum + centsOf(a.balance || 0), 0) / 100;
}

/** The history periods the accounts page offers, in days. */
export const PERIODS = [7, 30, 90, 365] as const;
export type Period = (typeof PERIODS)[number];

/** The shortest offered period that still contains the given day (the longest if none does). */
export function periodContaining(date: string, now = new Date()): Period {
  const days = Math.ceil((now.getTime() - Date.parse(date)) / 86_400_000);
  return PERIODS.find((p) => p >= days) ?? PERIODS[PERIODS.length - 1]!;
}

/** The accounts page opened on one account, and optionally on one of its transactions. */
export function accountsLink(
  accountId: string | number | null | undefined,
  transaction?: { id: string | number; date: string } | null,
): string {
  const params = new URLSearchParams();
  if (accountId !== null && accountId !== undefined) params.set('account', String(accountId));
  if (transaction) {
    params.set('days', String(periodContaining(transaction.date)));
    params.set('tx', String(transaction.id));
  }
  const query = params.toString();
  return query ? `/accounts?${query}` : '/accounts';
}
