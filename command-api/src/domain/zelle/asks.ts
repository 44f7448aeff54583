import { IdempotentRequestRecorded, zelleStreams } from '@bank/events';
import { ZELLE_MESSAGES } from '@bank/contracts';
import { DomainError, type Aggregate, type StreamEvent } from '../../kernel/aggregate.ts';
import { DAILY_LIMIT_EXCEEDED } from '../transfers/limits.ts';
import type { PlannedAppend } from '../transfers/posting.ts';

/**
 * Requests one customer may send the same person in any 24 hours. A request moves nothing, but
 * it lands in the payer's requests and notifications: without a bound, one customer asked
 * another 370 times in 3 seconds, and the payer had no way to stop it.
 */
export const ZELLE_ASKS_PER_DAY = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

/** When the requester last asked this payer (ms, oldest first; the last ZELLE_ASKS_PER_DAY). */
export const zelleAsksAggregate: Aggregate<number[], StreamEvent<'IdempotentRequestRecorded'>> = {
  name: 'zelle-asks',
  initial: () => [],
  evolve: (asked, event) =>
    event.type === 'IdempotentRequestRecorded'
      ? [...asked, Date.parse(event.data.at)].slice(-ZELLE_ASKS_PER_DAY)
      : asked,
};

/**
 * One more request from the requester to the payer, recorded on the pair's stream in the same
 * append as the request (so requests sent at once are decided one after the other), or refused
 * when the payer was asked ZELLE_ASKS_PER_DAY times in the last 24 hours.
 */
export function decideAsk(
  asked: readonly number[],
  ask: { requesterId: string; payerId: string; requestId: string; now: Date; field: string },
): PlannedAppend {
  const lastDay = asked.filter((at) => ask.now.getTime() - at < DAY_MS);
  if (lastDay.length >= ZELLE_ASKS_PER_DAY) {
    throw new DomainError(DAILY_LIMIT_EXCEEDED, ZELLE_MESSAGES.askedTooOften, ask.field);
  }
  return {
    stream: zelleStreams.asks(ask.requesterId, ask.payerId),
    expect: 'read',
    events: [
      IdempotentRequestRecorded.create({
        customerId: ask.requesterId,
        requestHash: `zelle-request:${ask.requestId}`,
        statusCode: 0,
        body: null,
        at: ask.now.toISOString(),
      }),
    ],
  };
}
