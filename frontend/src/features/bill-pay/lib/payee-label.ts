import { accountById, accountLabel, type Account, type LabelledAccount } from '@/lib/accounts';
import { formatMoney } from '@/lib/format';
import type { Payee } from '../api/get-payees';

type Named = Pick<Payee, 'id' | 'name' | 'display_name' | 'formatted_account_number'>;

const same = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * A payee's account as listed under its name: the masked number, after the company's name when a
 * nickname stands in for it ("City Power ****4455" under "Rental flat").
 */
export function payeeAccount(p: Named): string {
  return same(p.display_name, p.name)
    ? p.formatted_account_number
    : `${p.name} ${p.formatted_account_number}`;
}

/**
 * A payee's name where it must be told from the others (a list of choices, a button's name): its
 * masked account follows when another payee of the list has the same name, and, when that is
 * the same too (look-alikes added before a nickname was asked for), its place among them in the
 * order they were added ("City Power ****4455, 2 of 2"), until the customer renames one.
 */
export function payeeLabel(p: Named, all: readonly Named[]): string {
  const twins = all.filter((o) => same(o.display_name, p.display_name));
  if (twins.length < 2) return p.display_name;
  const label = `${p.display_name} ${p.formatted_account_number}`;
  const alike = twins.filter((o) => o.formatted_account_number === p.formatted_account_number);
  if (alike.length < 2) return label;
  return `${label}, ${alike.findIndex((o) => o.id === p.id) + 1} of ${alike.length}`;
}

/**
 * What a payee's AutoPay pays each month: its own amount, else the payee's default (null when it
 * is off or has neither). What Quick Pay shows beside the AutoPay badge, as the next payment does.
 */
export function autopayAmount(
  p: Pick<Payee, 'autopay_enabled' | 'autopay_amount' | 'default_amount'>,
): number | null {
  if (!p.autopay_enabled) return null;
  return p.autopay_amount ?? p.default_amount;
}

/** The account AutoPay pays from, by the name the account pickers give it ('' when unknown). */
export function autopayAccountName(
  p: Pick<Payee, 'autopay_account_id'>,
  accounts: readonly (Pick<Account, 'id'> & LabelledAccount)[],
): string {
  const account = accountById(accounts, p.autopay_account_id);
  return account ? accountLabel(account) : '';
}

/**
 * An AutoPay as its payee's card tells it: what it pays (its own amount, else the payee's default),
 * on which day of the month and from which account; empty when AutoPay is off.
 */
export function autopayPlan(
  p: Pick<
    Payee,
    'autopay_enabled' | 'autopay_day' | 'autopay_amount' | 'default_amount' | 'autopay_account_id'
  >,
  accounts: readonly (Pick<Account, 'id'> & LabelledAccount)[] = [],
): string {
  if (!p.autopay_enabled || p.autopay_day === null) return '';
  const pays =
    p.autopay_amount !== null
      ? formatMoney(p.autopay_amount)
      : p.default_amount !== null
        ? `the default amount, ${formatMoney(p.default_amount)}`
        : 'the default amount';
  const from = autopayAccountName(p, accounts);
  // The bank pays a day past a month's end on its last day (30 April for day 31).
  const shorter = p.autopay_day > 28 ? ' (or the last day of a shorter month)' : '';
  return `Pays ${pays} on day ${p.autopay_day} of each month${shorter}${from ? ` from ${from}` : ''}`;
}
