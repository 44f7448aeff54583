/**
 * The promise's value if it settles within `ms`, else `late` (a rejection within `ms` rejects).
 * The promise runs on: a caller that still wants its late answer can await it again.
 */
export function within<T, L>(promise: Promise<T>, ms: number, late: L): Promise<T | L> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<L>((resolve) => {
    timer = setTimeout(() => resolve(late), ms);
  });
  return Promise.race([promise, timedOut]).finally(() => clearTimeout(timer));
}
