import { formatUsd } from '@bank/events';
import {
  activityAggregate,
  DAILY_LIMITS,
  DAILY_LIMIT_EXCEEDED,
  decideMovement,
  type ActivityState,
} from '../transfers/limits.ts';
import { DomainError } from '../../kernel/aggregate.ts';
import type { PaymentData } from './zelle.ts';

/**
 * Which waiting payments a claim may credit now: each counts against the recipient's Zelle
 * receive limits as a payment arriving at once does, oldest first; one that would pass a limit
 * keeps waiting (it can be claimed another day, until it goes back to its sender), and smaller
 * ones after it may still fit. Answers the payments, their movements, and the first refusal.
 */
export function claimsWithinReceiveLimits(
  payments: readonly PaymentData[],
  recipientCustomerId: string,
  activity: ActivityState,
  now: Date,
) {
  const fits: PaymentData[] = [];
  const events: ReturnType<typeof decideMovement> = [];
  let refused: DomainError | undefined;
  let state = activity;
  for (const payment of payments) {
    let decided: ReturnType<typeof decideMovement>;
    try {
      decided = decideMovement(
        {
          customerId: recipientCustomerId,
          movementId: payment.paymentId,
          category: 'zelle-receive',
          amount: payment.amount,
          fingerprint: null,
          checkDuplicate: false,
          now,
          dailyMessage: RECEIVE_LIMIT_MESSAGE,
        },
        state,
      );
    } catch (error) {
      if (!(error instanceof DomainError) || error.reason !== DAILY_LIMIT_EXCEEDED) throw error;
      refused ??= error;
      continue;
    }
    state = decided.reduce((s, e) => activityAggregate.evolve(s, e as never), state);
    events.push(...decided);
    fits.push(payment);
  }
  return { fits, events, refused };
}

export const RECEIVE_LIMIT_MESSAGE = `Claiming this money would exceed your daily Zelle receive limit of ${formatUsd(DAILY_LIMITS['zelle-receive'])}. It keeps waiting: claim it on another day within 14 days of when it was sent.`;
