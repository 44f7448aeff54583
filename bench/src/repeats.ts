/**
 * Medians over repeated catch-ups: bench:scale measures a worker count as often as `--workers`
 * names it, and on a shared machine one catch-up's figures move by a quarter between repeats.
 */
export interface CatchUp {
  workers: number;
  seconds: number;
  /** CPU per log event, summed over the workers, µs. */
  cpuPerEventUs: number;
}

export interface RepeatMedian extends CatchUp {
  /** How many catch-ups the medians are taken over. */
  catchUps: number;
  /** The median CPU per event against one worker's, where one worker was measured. */
  cpuVsOneWorker?: number;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** One line per worker count, in the order first measured; undefined when no count repeats. */
export function repeatMedians(catchUps: readonly CatchUp[]): RepeatMedian[] | undefined {
  const byWorkers = new Map<number, CatchUp[]>();
  for (const c of catchUps) byWorkers.set(c.workers, [...(byWorkers.get(c.workers) ?? []), c]);
  if ([...byWorkers.values()].every((group) => group.length === 1)) return undefined;
  const medians = [...byWorkers].map(([workers, group]) => ({
    workers,
    catchUps: group.length,
    seconds: median(group.map((c) => c.seconds)),
    cpuPerEventUs: median(group.map((c) => c.cpuPerEventUs)),
  }));
  const one = medians.find((m) => m.workers === 1);
  return medians.map((m) =>
    one ? { ...m, cpuVsOneWorker: m.cpuPerEventUs / one.cpuPerEventUs } : m,
  );
}
