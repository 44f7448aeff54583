import { CardChargeDisputed, type EventData } from '@bank/events';
import { DISPUTE_MESSAGES, disputeRefusal, type DisputableLine } from '@bank/contracts';
import { DomainError, type Aggregate, type StreamEvent } from '../../kernel/aggregate.ts';

export const DISPUTE_EXISTS = 'dispute_exists';

/** A history line's dispute stream: the dispute made of it, if any. */
export const disputeAggregate: Aggregate<
  EventData<'CardChargeDisputed'> | null,
  StreamEvent<'CardChargeDisputed'>
> = {
  name: 'card-dispute',
  initial: () => null,
  evolve: (state, event) => (event.type === 'CardChargeDisputed' ? event.data : state),
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
