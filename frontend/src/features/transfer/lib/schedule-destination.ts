import { listedAccountLabel, type Account } from '@/lib/accounts';
import type { ScheduledTransfer } from '../api/scheduled-transfers';

/**
 * Where a schedule pays: an own account by its last four digits too (a customer's business
 * accounts share one name), anyone else by name.
 */
export function scheduleDestination(
  accounts: readonly Account[],
  s: Pick<ScheduledTransfer, 'to_account' | 'recipient_name'>,
): string {
  return (
    listedAccountLabel(accounts, s.to_account && { ...s.to_account, name: null }) ??
    s.recipient_name
  );
}
