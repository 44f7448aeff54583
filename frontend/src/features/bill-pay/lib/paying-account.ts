import type { Account } from '@/lib/accounts';

/**
 * The account a bill is paid from unless the customer picks another, as its id ('' for none): the
 * first checking account, else the first account. The accounts come in the order they were
 * opened, so the first checking account is the customer's main one, the one the bank pays AutoPay
 * from when no account is named.
 */
export function defaultPayingAccount(accounts: Pick<Account, 'id' | 'type'>[]): string {
  return String(accounts.find((a) => a.type === 'checking')?.id ?? accounts[0]?.id ?? '');
}
