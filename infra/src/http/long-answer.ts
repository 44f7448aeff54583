import { successOf } from '@bank/contracts';
import { z } from 'zod';
import { mapInTurns } from '../in-turns.ts';
import { ok } from './envelopes.ts';

/**
 * The JSON body of a success answer whose data holds one long list (a month's statement lines):
 * encoded through the call's own schemas, as the response serializer does, but the list item by
 * item in turns, so that writing it out never holds the event loop (fifty thousand lines took
 * half a second in one go). `items` are mapped to the list's entries as they are encoded.
 */
export async function longListAnswer<
  Data extends z.ZodObject,
  ListKey extends keyof z.output<Data> & string,
  Item,
>(answer: {
  schema: Data;
  listKey: ListKey;
  data: Omit<z.output<Data>, ListKey>;
  items: readonly Item[];
  toEntry: (item: Item) => unknown;
  message: string;
}): Promise<Buffer> {
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
  const entries = await mapInTurns(items, (item) => JSON.stringify(z.encode(entry, toEntry(item))));
  const open = at + emptyList.length - 1;
  return Buffer.from(`${head.slice(0, open)}${entries.join(',')}${head.slice(open)}`);
}
