import { ACCOUNT_CLOSED, INSUFFICIENT_FUNDS } from '../account/account.ts';
import { DAILY_LIMIT_EXCEEDED } from './limits.ts';
import { INVALID_RECIPIENT } from './posting.ts';

/** The reason of a refusal whose account is gone (closed, erased, or no longer the customer's). */
export const ACCOUNT_GONE = 'not_found';

/**
 * The refusals of a scheduled run, by the reason the transfer pipeline gives (a DomainError's),
 * each with whether it ends the series. Permanent: retrying on a later date cannot succeed, so a
 * real bank stops the series at the first one and says so. Temporary: the next date may well
 * succeed (money comes in, a day's limit resets, a new account's waiting period passes).
 */
export const SCHEDULE_REFUSALS = {
  /** The source or destination account is gone, or no longer the customer's. */
  [ACCOUNT_GONE]: 'permanent',
  /** The account is closed (its owner erased): nothing is posted to it or taken from it again. */
  [ACCOUNT_CLOSED]: 'permanent',
  /**
   * A destination the bank refuses for good: an external account with this bank's own routing
   * number, a same-bank recipient no longer found by the contact the schedule names (erased, or
   * the contact now theirs no longer), or the sender themself.
   */
  [INVALID_RECIPIENT]: 'permanent',
  /** Between one account and itself. */
  same_account: 'permanent',
  [INSUFFICIENT_FUNDS]: 'temporary',
  /** The day's, the month's or a new destination's limit. */
  [DAILY_LIMIT_EXCEEDED]: 'temporary',
} as const satisfies Record<string, 'permanent' | 'temporary'>;

/**
 * Whether a refusal of one run ends its schedule. A reason not listed keeps the schedule: only
 * a refusal known to be final may end what the customer set up.
 */
export function refusalStopsSchedule(reason: string): boolean {
  return (SCHEDULE_REFUSALS as Record<string, string>)[reason] === 'permanent';
}
