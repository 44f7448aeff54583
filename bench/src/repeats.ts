/**
 * Medians over repeated catch-ups: bench:scale measures a worker count as often as `--workers`
 * names it, and on a shared machine one catch-up's figures move by a quarter between repeats.
 */
export interface CatchUp {
  workers: number;
  seconds: number;
  /** CPU per log event, summed over the workers, µs. */
  cpuPerEventUs: number;
  /** The part of it on the workers' main threads, µs. */
  mainThreadPerEventUs: number;
  /** CPU per log event, summed over the workers, once they were past their start, µs. */
  steadyCpuPerEventUs: number;
}

export interface RepeatMedian extends CatchUp {
  /** How many catch-ups the medians are taken over. */
  catchUps: number;
  /** The median CPU per event against one worker's, where one worker was measured. */
  cpuVsOneWorker?: number;
  /** The same for the main threads' part, and for the rest (V8's helper threads). */
  mainThreadVsOneWorker?: number;
  otherThreadsVsOneWorker?: number;
  steadyVsOneWorker?: number;
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
    mainThreadPerEventUs: median(group.map((c) => c.mainThreadPerEventUs)),
    steadyCpuPerEventUs: median(group.map((c) => c.steadyCpuPerEventUs)),
  }));
  const one = medians.find((m) => m.workers === 1);
  if (!one) return medians;
  const other = (m: CatchUp) => m.cpuPerEventUs - m.mainThreadPerEventUs;
  return medians.map((m) => ({
    ...m,
    cpuVsOneWorker: m.cpuPerEventUs / one.cpuPerEventUs,
    mainThreadVsOneWorker: m.mainThreadPerEventUs / one.mainThreadPerEventUs,
    otherThreadsVsOneWorker: other(m) / other(one),
    steadyVsOneWorker: m.steadyCpuPerEventUs / one.steadyCpuPerEventUs,
  }));
}
