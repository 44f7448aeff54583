// Bank accounts as the server returns them (GET /api/accounts and /api/dashboard).
import type { AccountView } from '@bank/contracts';
import { centsOf } from './cents';

export type Account = AccountView;

export function accountName(account: Pick<Account, 'name' | 'account_name'>): string {
  return account.account_name || account.name;
}

/** What naming an account with its last four needs of it. */
export type LabelledAccount = Pick<
  Account,
  'name' | 'account_name' | 'formatted_account_number' | 'account_number'
>;

/**
 * An account as a picker, a review line or a receipt names it: its name and the last four digits
 * of its number ("Business Checking ••8989"). Names repeat (every business account is "Business
 * Checking", and the business's own name is sealed personal data the account list does not
 * carry), so the last four is what tells two accounts apart before money leaves one of them.
 */
export function accountLabel(account: LabelledAccount): string {
  const last4 = lastFour(account);
  const name = accountName(account);
  return last4 ? `${name} ••${last4}` : name;
}

/** The last four digits of the account's number ('' when fewer are known). */
export function lastFour(
  account: Pick<Account, 'formatted_account_number' | 'account_number'>,
): string {
  const digits = (account.formatted_account_number || account.account_number).replace(/\D/g, '');
  return digits.length < 4 ? '' : digits.slice(-4);
}

/**
 * An account an answer names by id and name (a transfer's From and To), labelled as the pickers
 * label it when the customer's list holds it, else by the name the answer gives.
 */
export function listedAccountLabel(
  accounts: readonly (Pick<Account, 'id'> & LabelledAccount)[],
  named: { id?: string; name: string | null } | null | undefined,
): string | undefined {
  const account = accountById(accounts, named?.id);
  return account ? accountLabel(account) : (named?.name ?? undefined);
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
