import { createHash } from 'node:crypto';
import { moneyStreams } from '@bank/events';
import { ApiError, KeyedQueue, type EventMetadata } from '@bank/infra';
import { DomainError } from '../kernel/aggregate.ts';
import { TooMuchContentionError, type CommandOutcome } from '../kernel/command-bus.ts';
import type { UnitOfWork } from '../kernel/unit-of-work.ts';
import {
  decideRepeat,
  idempotencyAggregate,
  recordReply,
  repeatGuardAggregate,
  requestMark,
  replayFor,
  type IdempotencyState,
  type StoredReply,
} from '../domain/transfers/idempotency.ts';
import { toApiError } from './money-errors.ts';
import { rebuildKeptReply } from './transfer-replies.ts';
import type { CommandContext } from './context.ts';

/** How a money-moving request identifies itself for exactly-once handling. */
export interface RequestIdentity {
  customerId: string;
  /** The Idempotency-Key header, if the client sent one; or the key of a job's run (`jobKey`). */
  key: string | undefined;
  /**
   * The key is the bank's own, named by a job for one run, never sent by a client: it is kept
   * apart from the keys clients send, so that no Idempotency-Key header can take a run's place.
   */
  jobKey?: boolean;
  /**
   * Hash of the method, path and what the request asks (its body normalized, or the body itself):
   * the same key must come with the same request. It is recorded with the answer.
   */
  requestHash: string;
  /**
   * Other hashes of the same request, which keys recorded by earlier versions carry and which still
   * replay: the body as sent, for a form route whose requestHash is of what the body asks.
   */
  otherHashes?: string[];
  /**
   * The request sets money up for later or asks for it, so nothing it does now is a movement the
   * duplicate check sees: without a key, the same request again within 60 seconds is refused as a
   * duplicate (decideRepeat). Set by the command, through refusingRepeats().
   */
  refuseRepeats?: boolean;
  /** What a refused repeat is told, where the request is no transaction (opening an account). */
  repeatMessage?: string;
}

/** The identity of a request that sets money up for later or asks for it (see refuseRepeats). */
export const refusingRepeats = (
  identity: RequestIdentity,
  repeatMessage?: string,
): RequestIdentity => ({
  ...identity,
  refuseRepeats: true,
  ...(repeatMessage === undefined ? {} : { repeatMessage }),
});

export interface MoneyReply {
  statusCode: number;
  body: unknown;
  /** True when this is the stored answer of an earlier request with the same key. */
  replayed: boolean;
}

export function hashRequest(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${canonicalJson(body)}`)
    .digest('hex');
}

/**
 * JSON with object keys sorted, undefined properties left out and undefined array items as null.
 * Iterative with an explicit stack, so no nesting can overflow the call stack.
 */
export function canonicalJson(root: unknown): string {
  const out: string[] = [];
  // Items are taken from the end: literal text, or a value still to be written.
  const work: ({ text: string } | { value: unknown })[] = [{ value: root }];
  const pushReversed = (items: ({ text: string } | { value: unknown })[]) => {
    for (let i = items.length - 1; i >= 0; i -= 1) work.push(items[i]!);
  };
  while (work.length > 0) {
    const item = work.pop()!;
    if ('text' in item) {
      out.push(item.text);
      continue;
    }
    const { value } = item;
    if (Array.isArray(value)) {
      pushReversed([
        { text: '[' },
        ...value.flatMap((v, i) => (i === 0 ? [{ value: v }] : [{ text: ',' }, { value: v }])),
        { text: ']' },
      ]);
    } else if (value && typeof value === 'object') {
      const entries = Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : 1));
      pushReversed([
        { text: '{' },
        ...entries.flatMap(([k, v], i) => [
          { text: `${i === 0 ? '' : ','}${JSON.stringify(k)}:` },
          { value: v },
        ]),
        { text: '}' },
      ]);
    } else {
      out.push(JSON.stringify(value ?? null));
    }
  }
  return out.join('');
}

function keyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 40);
}

/**
 * One customer's money commands run one at a time in this process: they all touch the same
 * activity stream and usually the same account, so running them together would only make them
 * conflict and retry. Across processes optimistic concurrency still decides.
 */
const perCustomer = new KeyedQueue();

/** Rounds of the bus's own retries before a busy account answers 409 instead of moving money. */
const CONTENTION_ROUNDS = 4;

/** The stream of the request's Idempotency-Key, if it has one (of 1 to 255 characters). */
function keyStreamOf(identity: RequestIdentity): string | undefined {
  if (identity.key === undefined) return undefined;
  if (identity.key.length < 1 || identity.key.length > 255) {
    throw new ApiError(
      422,
      'The Idempotency-Key header must be 1 to 255 characters.',
      'VALIDATION_ERROR',
      {
        'Idempotency-Key': ['The Idempotency-Key header must be 1 to 255 characters.'],
      },
    );
  }
  return moneyStreams.idempotency(
    identity.customerId,
    `${identity.jobKey ? 'job-' : ''}${keyHash(identity.key)}`,
  );
}

/**
 * The answer the key already has, if this is the request it was recorded for; the key recorded
 * with another request is refused (IDEMPOTENCY_KEY_REUSED).
 */
async function recordedAnswer(
  uow: UnitOfWork,
  recorded: IdempotencyState,
  identity: RequestIdentity,
): Promise<MoneyReply | undefined> {
  const replay = replayFor(recorded, identity.requestHash, ...(identity.otherHashes ?? []));
  if (!replay) return undefined;
  const body = replay.kept ? await rebuildKeptReply(uow, replay.kept) : replay.body;
  return { statusCode: replay.statusCode, body, replayed: true };
}

/**
 * The answer a request's Idempotency-Key already has, undefined when it has none yet (a key
 * recorded with another request is refused, IDEMPOTENCY_KEY_REUSED). Only a read: exactly-once
 * is decided in runMoneyCommand, where two racing first requests meet at the append.
 */
export async function answeredBefore(
  ctx: CommandContext,
  identity: RequestIdentity,
  metadata: EventMetadata,
): Promise<CommandOutcome<MoneyReply> | undefined> {
  const keyStream = keyStreamOf(identity);
  if (!keyStream) return undefined;
  try {
    const { result, appended } = await ctx.bus.execute(metadata, async (uow) =>
      recordedAnswer(uow, (await uow.load(keyStream, idempotencyAggregate)).state, identity),
    );
    return result ? { result, appended } : undefined;
  } catch (error) {
    throw error instanceof DomainError ? toApiError(error) : error;
  }
}

/**
 * Runs a money-moving command exactly once per Idempotency-Key: the key's stream is written in the
 * same atomic append as the money events, with the reply, so a retry (even a racing one) finds it
 * and gets the first reply again, and nothing moves twice. Domain rule violations become 4xx.
 */
export async function runMoneyCommand(
  ctx: CommandContext,
  identity: RequestIdentity,
  metadata: EventMetadata,
  work: (uow: UnitOfWork, now: Date) => Promise<StoredReply>,
) {
  const keyStream = keyStreamOf(identity);
  // A request with a key is never refused as a repeat (its key answers its retries), but it is
  // marked on the guard like one without, so the same request sent again without a key is refused,
  // as a movement made with a key is seen by the duplicate check of the next one made without.
  const guardStream = identity.refuseRepeats
    ? moneyStreams.repeatGuard(identity.customerId, identity.requestHash)
    : undefined;

  return perCustomer.run(identity.customerId, async () => {
    for (let round = 1; ; round += 1) {
      try {
        return await ctx.bus.execute<MoneyReply>(metadata, async (uow) => {
          const now = new Date();
          if (keyStream) {
            const recorded = await uow.loadPresumedNew(keyStream, idempotencyAggregate);
            const answer = await recordedAnswer(uow, recorded.state, identity);
            if (answer) return answer;
          }
          // Refused before any work; recorded in the same append as the work's events.
          let repeat: ReturnType<typeof decideRepeat> = [];
          if (guardStream) {
            const lastAccepted = (await uow.load(guardStream, repeatGuardAggregate)).state;
            repeat =
              identity.key === undefined
                ? decideRepeat(
                    lastAccepted,
                    identity.customerId,
                    identity.requestHash,
                    now,
                    identity.repeatMessage,
                  )
                : [requestMark(identity.customerId, identity.requestHash, now)];
          }
          const reply = await work(uow, now);
          if (guardStream) uow.append(guardStream, repeat);
          if (keyStream) {
            uow.appendNew(
              keyStream,
              recordReply(identity.customerId, identity.requestHash, reply, now),
            );
          }
          return { statusCode: reply.statusCode, body: reply.body, replayed: false };
        });
      } catch (error) {
        if (error instanceof DomainError) throw toApiError(error);
        if (!(error instanceof TooMuchContentionError)) throw error;
        if (round >= CONTENTION_ROUNDS) {
          throw new ApiError(409, 'The account is busy right now. Please try again.', 'CONFLICT');
        }
        await new Promise((r) => setTimeout(r, 10 * round + Math.random() * 20));
      }
    }
  });
}

/** Runs a command that moves no customer's money by request (jobs): domain errors become 4xx too. */
export async function runSystemCommand<R>(
  ctx: CommandContext,
  metadata: EventMetadata,
  work: (uow: UnitOfWork, now: Date) => Promise<R>,
) {
  for (let round = 1; ; round += 1) {
    try {
      return await ctx.bus.execute<R>(metadata, (uow) => work(uow, new Date()));
    } catch (error) {
      if (error instanceof DomainError) throw toApiError(error);
      if (!(error instanceof TooMuchContentionError) || round >= CONTENTION_ROUNDS) throw error;
      await new Promise((r) => setTimeout(r, 10 * round + Math.random() * 20));
    }
  }
}
