import { CardChargeDisputed, CardChargeDisputeResolved, type EventData } from '@bank/events';
import { DISPUTE_MESSAGES, disputeRefusal, type DisputableLine } from '@bank/contracts';
import { DomainError, type Aggregate, type StreamEvent } from '../../kernel/aggregate.ts';

export const DISPUTE_EXISTS = 'dispute_exists';
export const DISPUTE_RESOLVED = 'dispute_resolved';
export const NO_DISPUTE = 'no_dispute';

/** A history line's dispute: the case, and how staff decided it. */
export interface DisputeCase {
  dispute: EventData<'CardChargeDisputed'> | null;
  resolution: EventData<'CardChargeDisputeResolved'> | null;
}

/** A history line's dispute stream. */
export const disputeAggregate: Aggregate<
  DisputeCase,
  StreamEvent<'CardChargeDisputed' | 'CardChargeDisputeResolved'>
> = {
  name: 'card-dispute',
  initial: () => ({ dispute: null, resolution: null }),
  evolve: (state, event) => {
    if (event.type === 'CardChargeDisputed') return { ...state, dispute: event.data };
    if (event.type === 'CardChargeDisputeResolved') return { ...state, resolution: event.data };
    return state;
  },
};

/**
 * Disputes a card charge at most once: a posted card purchase within the window, not disputed
 * before. The ticket that follows the case is opened beside it.
 */
export function decideDispute(
  dispute: EventData<'CardChargeDisputed'>,
  line: DisputableLine,
  existing: EventData<'CardChargeDisputed'> | null,
  now: Date,
) {
  if (existing) {
    throw new DomainError(DISPUTE_EXISTS, DISPUTE_MESSAGES.already(existing.ticketNumber));
  }
  const refusal = disputeRefusal(line, now);
  if (refusal) throw new DomainError('not_disputable', refusal);
  return [CardChargeDisputed.create(dispute)];
}

/**
 * Staff decide a dispute once. The same decision again changes nothing (a retry); another one
 * is refused, as the money may already have moved.
 */
export function decideDisputeResolution(
  state: DisputeCase,
  decision: Pick<EventData<'CardChargeDisputeResolved'>, 'outcome' | 'refund'>,
) {
  if (!state.dispute) throw new DomainError(NO_DISPUTE, DISPUTE_MESSAGES.noDispute);
  if (state.resolution) {
    if (state.resolution.outcome === decision.outcome) return [];
    throw new DomainError(
      DISPUTE_RESOLVED,
      DISPUTE_MESSAGES.decidedOtherwise(state.resolution.outcome),
    );
  }
  if ((decision.outcome === 'refunded') !== (decision.refund !== undefined)) {
    throw new Error('A refund is given exactly when the dispute is refunded');
  }
  const { transactionId, customerId, ticketId } = state.dispute;
  return [
    CardChargeDisputeResolved.create({
      transactionId,
      customerId,
      ticketId,
      outcome: decision.outcome,
      ...(decision.refund ? { refund: decision.refund } : {}),
    }),
  ];
}
