/**
 * A catch-up's rate and CPU once its process has warmed up. A process that has just started runs
 * its hot code unoptimised until V8 has compiled it, and a rebuild's first batches are short: on a
 * log of 100,000 events that start was about a quarter of the rebuild's CPU, a one-off cost per
 * process that a bank's real log (millions of events) spreads thin. The figures past the first
 * tenth of the events leave it out; the whole catch-up's figures keep it.
 */

/** One reading, taken after a batch: events of the projection's types applied, clocks in ms. */
export interface CatchUpReading {
  applied: number;
  atMs: number;
  nodeCpuMs: number;
  postgresCpuMs?: number;
}

export interface WarmFigures {
  eventsPerSecond: number;
  /** CPU per event of the log, µs. */
  nodeCpuMicros: number;
  postgresCpuMicros?: number;
}

/** Where the warm part starts: this share of the projection's events applied. */
export const WARM_FROM = 0.1;

/**
 * `readings` in order, the first before the catch-up began and the last at its end; `logEvents`
 * the events of the whole log. The warm part counts its log events as its share of the applied
 * ones (the projection's events are spread evenly over the log).
 */
export function pastFirstTenth(
  readings: readonly CatchUpReading[],
  logEvents: number,
): WarmFigures | undefined {
  const last = readings[readings.length - 1];
  if (!last || last.applied === 0) return undefined;
  const from = readings.find((r) => r.applied >= last.applied * WARM_FROM);
  if (!from || from === last) return undefined;
  const events = (logEvents * (last.applied - from.applied)) / last.applied;
  const perEvent = (ms: number) => (ms * 1000) / events;
  return {
    eventsPerSecond: (events * 1000) / (last.atMs - from.atMs),
    nodeCpuMicros: perEvent(last.nodeCpuMs - from.nodeCpuMs),
    ...(last.postgresCpuMs === undefined || from.postgresCpuMs === undefined
      ? {}
      : { postgresCpuMicros: perEvent(last.postgresCpuMs - from.postgresCpuMs) }),
  };
}
