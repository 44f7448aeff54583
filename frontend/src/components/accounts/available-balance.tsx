import type { Account } from '@/lib/accounts';
import { HIDDEN_BALANCE } from '@/lib/balances-hidden';
import { formatMoney } from '@/lib/format';

/**
 * "Available $X" under an account's balance, wherever a balance is listed (the dashboard's cards,
 * the accounts list). Held or pending money makes what can be spent less than the balance, so the
 * line appears only then, to everyone and not only to screen readers; with nothing held the
 * balance is all there is to say. The page gives its own layout class.
 */
export function AvailableBalance({
  account,
  hidden,
  className,
}: {
  account: Pick<Account, 'balance' | 'available_balance'>;
  hidden: boolean;
  className?: string;
}) {
  if (account.available_balance === account.balance) return null;
  return (
    <span className={`available-balance tabular${className ? ` ${className}` : ''}`}>
      Available {hidden ? HIDDEN_BALANCE : formatMoney(account.available_balance)}
    </span>
  );
}
