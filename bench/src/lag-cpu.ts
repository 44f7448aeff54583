/**
 * Where the machine's CPU went while scale mode's lag was measured: each part's CPU per appended
 * event, and how busy the cores were. Lag on a saturated machine is mostly waiting for a core, so
 * the lag figures mean little without this beside them.
 */

/** Cumulative CPU readings, in ms, taken at the start or the end of the phase. */
export interface LagCpuReading {
  /** The projection workers' processes, summed. */
  workersMs: number;
  /** The PostgreSQL server: postmaster and backends. */
  postgresMs?: number | undefined;
  /** The bench's own process: the appends, its Kafka observer and the read-model polls. */
  benchMs: number;
  /** The whole machine, over all its cores. */
  machine?: { busyMs: number; totalMs: number } | undefined;
}

export interface LagCpu {
  workersPerEventUs: number;
  postgresPerEventUs?: number | undefined;
  benchPerEventUs: number;
  /** The machine's busy CPU less the parts above: the broker and anything else running. */
  restPerEventUs?: number | undefined;
  /** Share of all the cores' time that was busy, 0 to 1. */
  busyShare?: number | undefined;
}

export function lagCpu(before: LagCpuReading, after: LagCpuReading, events: number): LagCpu {
  const perEventUs = (ms: number) => (ms * 1000) / events;
  const workersMs = after.workersMs - before.workersMs;
  const benchMs = after.benchMs - before.benchMs;
  const postgresMs =
    before.postgresMs === undefined || after.postgresMs === undefined
      ? undefined
      : after.postgresMs - before.postgresMs;
  const machine =
    before.machine && after.machine
      ? {
          busyMs: after.machine.busyMs - before.machine.busyMs,
          totalMs: after.machine.totalMs - before.machine.totalMs,
        }
      : undefined;
  return {
    workersPerEventUs: perEventUs(workersMs),
    postgresPerEventUs: postgresMs === undefined ? undefined : perEventUs(postgresMs),
    benchPerEventUs: perEventUs(benchMs),
    restPerEventUs:
      machine && postgresMs !== undefined
        ? perEventUs(Math.max(0, machine.busyMs - workersMs - postgresMs - benchMs))
        : undefined,
    busyShare: machine && machine.totalMs > 0 ? machine.busyMs / machine.totalMs : undefined,
  };
}
