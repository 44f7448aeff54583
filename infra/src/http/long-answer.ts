import { successOf } from '@bank/contracts';
import { Readable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { nextTurn, TURN_BUDGET_MS } from '../in-turns.ts';
import { ok } from './envelopes.ts';

/**
 * The JSON body of a success answer whose data holds one long list (a month's statement lines, a
 * customer's replayed history): encoded through the call's own schemas, as the response
 * serializer does, but the list item by item, and sent as it is encoded, a slice of
 * `TURN_BUDGET_MS` at a time with a turn of the event loop between slices. Encoded and joined in
 * one go, fifty thousand lines held it for half a second, and a 25 MB answer took 100 ms just to
 * be joined into one buffer. `items` are mapped to the list's entries as they are encoded.
 */
export function longListAnswer<
  Data extends z.ZodObject,
  ListKey extends keyof z.output<Data> & string,
  Item,
>(answer: {
  schema: Data;
  listKey: ListKey;
  data: Omit<z.output<Data>, ListKey>;
  items: readonly Item[];
  toEntry: (item: Item, index: number) => unknown;
  message: string;
}): Readable {
  const { schema, listKey, data, items, toEntry, message } = answer;
  const list = schema.shape[listKey];
  if (!(list instanceof z.ZodArray)) throw new Error(`${listKey} is not a list of the answer`);
  const entry = list.element as z.ZodType;
  const head = JSON.stringify(z.encode(successOf(schema), ok({ ...data, [listKey]: [] }, message)));
  // A key is the only place its quoted name is followed by a colon: in a string value the
  // quotes are escaped.
  const emptyList = `${JSON.stringify(listKey)}:[]`;
  const at = head.indexOf(emptyList);
  if (at === -1 || head.indexOf(emptyList, at + 1) !== -1) {
    throw new Error(`the answer's ${listKey} is not found once`);
  }
  const open = at + emptyList.length - 1;
  async function* chunks() {
    yield Buffer.from(head.slice(0, open));
    let slice: string[] = [];
    let written = 0;
    const flush = () => {
      const chunk = Buffer.from(`${written > 0 ? ',' : ''}${slice.join(',')}`);
      written += slice.length;
      slice = [];
      return chunk;
    };
    let sliceStarted = performance.now();
    for (let index = 0; index < items.length; index += 1) {
      slice.push(JSON.stringify(z.encode(entry, toEntry(items[index]!, index))));
      if (performance.now() - sliceStarted >= TURN_BUDGET_MS) {
        yield flush();
        await nextTurn();
        sliceStarted = performance.now();
      }
    }
    if (slice.length > 0) yield flush();
    yield Buffer.from(head.slice(open));
  }
  return Readable.from(chunks(), { objectMode: false });
}

/**
 * Sends a body `longListAnswer` encodes. It is encoded through the call's response schema
 * already; fastify writes a stream as it comes, past the serializer.
 */
export function sendLongAnswer(reply: FastifyReply, body: Readable): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
