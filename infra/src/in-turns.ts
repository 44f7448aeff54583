import { performance } from 'node:perf_hooks';

/**
 * How long a loop over one request's data may hold the event loop before it lets other requests
 * have a turn. A customer decides how much data some requests touch (a month of fifty thousand
 * postings is within the limits), and a loop over all of it in one go held every other request
 * for a second.
 */
export const TURN_BUDGET_MS = 10;

/** Lets the event loop turn once: other requests' I/O and timers run before this continues. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * `work` for each item in order, letting the event loop turn whenever a slice has taken
 * `budgetMs`. A short list runs in one go, as a plain loop would: only long ones pay for turns.
 */
export async function forEachInTurns<T>(
  items: readonly T[],
  work: (item: T, index: number) => void,
  budgetMs = TURN_BUDGET_MS,
): Promise<void> {
  let sliceStarted = performance.now();
  for (let index = 0; index < items.length; index += 1) {
    work(items[index]!, index);
    if (performance.now() - sliceStarted >= budgetMs) {
      await nextTurn();
      sliceStarted = performance.now();
    }
  }
}

/** The items mapped in order, in turns as `forEachInTurns` takes them. */
export async function mapInTurns<T, R>(
  items: readonly T[],
  map: (item: T, index: number) => R,
  budgetMs = TURN_BUDGET_MS,
): Promise<R[]> {
  const mapped: R[] = new Array<R>(items.length);
  await forEachInTurns(items, (item, index) => (mapped[index] = map(item, index)), budgetMs);
  return mapped;
}

/**
 * The items of an async iterable, gathered in order, letting the event loop turn whenever a
 * slice has taken `budgetMs`: a generator that yields a page of rows without awaiting between
 * them would otherwise hold the loop for the whole page.
 */
export async function gatherInTurns<T>(
  items: AsyncIterable<T>,
  budgetMs = TURN_BUDGET_MS,
): Promise<T[]> {
  const gathered: T[] = [];
  let sliceStarted = performance.now();
  for await (const item of items) {
    gathered.push(item);
    if (performance.now() - sliceStarted >= budgetMs) {
      await nextTurn();
      sliceStarted = performance.now();
    }
  }
  return gathered;
}
