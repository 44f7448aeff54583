/**
 * The workers' CPU per log event over a scale-mode catch-up, from readings taken while it ran:
 * over the whole catch-up, and over its last two thirds. A worker process that has just started
 * spends its first seconds compiling its hot code (V8's optimising compiler, on helper threads),
 * about the same CPU whatever share of the log it then applies; a long-running worker paid that
 * once. The last two thirds leave it out, so they show what a worker's share of the work costs
 * once it runs.
 */

export interface ThreadCpu {
  mainMs: number;
  otherMs: number;
}

/** One reading: Kafka messages applied since the workers could read, and each worker's CPU. */
export interface CatchUpSample {
  applied: number;
  cpu: ThreadCpu[];
}

export interface CatchUpCpu {
  /** Each worker's CPU per log event over the whole catch-up, µs. */
  cpuPerEventUs: number[];
  /** The part of it on each worker's main thread, µs. */
  mainThreadPerEventUs: number[];
  /** CPU per log event, summed over the workers, over the last two thirds of the messages, µs. */
  steadyCpuPerEventUs: number;
  /**
   * CPU per log event, summed over the workers, in each tenth of the messages (from the first
   * reading past each tenth to the first past the next), µs: how long a process's warm-up lasts.
   */
  perTenthUs: number[];
}

/** Where the steady part of a catch-up starts: this share of its messages applied. */
export const STEADY_FROM = 1 / 3;

const all = (cpu: ThreadCpu) => cpu.mainMs + cpu.otherMs;

/**
 * `samples` in the order taken, the first before the workers could read and the last once they
 * were at the head of the log; `events` the log events the catch-up applied. The steady part
 * counts its log events as its share of the messages (the generated log is uniform over them).
 */
export function catchUpCpu(samples: readonly CatchUpSample[], events: number): CatchUpCpu {
  const first = samples[0]!;
  const last = samples[samples.length - 1]!;
  const perEvent = (before: number, after: number, over: number) =>
    ((after - before) * 1000) / over;
  const readingPast = (share: number) =>
    share <= 0 ? first : (samples.find((s) => s.applied >= last.applied * share) ?? last);
  /** CPU per log event summed over the workers between two readings (the log is uniform). */
  const between = (from: CatchUpSample, to: CatchUpSample) => {
    const over = (events * (to.applied - from.applied)) / last.applied;
    return over > 0
      ? to.cpu.reduce((sum, after, i) => sum + all(after) - all(from.cpu[i]!), 0) * (1000 / over)
      : NaN;
  };
  const from = readingPast(STEADY_FROM);
  return {
    perTenthUs: Array.from({ length: 10 }, (_, i) =>
      between(readingPast(i / 10), readingPast((i + 1) / 10)),
    ),
    cpuPerEventUs: first.cpu.map((before, i) => perEvent(all(before), all(last.cpu[i]!), events)),
    mainThreadPerEventUs: first.cpu.map((before, i) =>
      perEvent(before.mainMs, last.cpu[i]!.mainMs, events),
    ),
    steadyCpuPerEventUs: between(from, last),
  };
}
