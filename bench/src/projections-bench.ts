import { createPool } from '@bank/infra';
import { allProjections, rebuildProjection } from '@bank/projections';
import { createBankStore } from '@bank/server/bank-store';
import { pastFirstTenth, type CatchUpReading, type WarmFigures } from './catch-up-readings.ts';
import { cpuPer, processTreeCpuMs } from './cpu.ts';
import { forkJob } from './fork-job.ts';

export interface CatchUpFigure {
  projection: string;
  events: number;
  elapsedMs: number;
  eventsPerSecond: number;
  /**
   * CPU per event of the log, in µs: the rebuild's Node process (this one: the bank has stopped)
   * and PostgreSQL, so a rate below target says which side bounds it.
   */
  nodeCpuMicros?: number;
  postgresCpuMicros?: number;
  /** The same past the first tenth of the catch-up, once the process has warmed up. */
  warm?: WarmFigures;
}

/**
 * (c) Catch-up: on a copy of the database the load left behind, empties a projection and replays
 * the whole log into it, as a new or repaired read model must (the projection runner's own
 * rebuildProjection: the event types it handles, read in batches of 500 growing to 5,000 events,
 * each applied with the checkpoint in its transaction). The rate is over every event of the log.
 * The store is the bank's own, with its key: sealed personal data is opened as in a real rebuild.
 */
export async function benchCatchUp(
  url: string,
  secretsKey: Buffer,
  names: string[],
  log: (line: string) => void,
  postgresPid?: number,
): Promise<CatchUpFigure[]> {
  const pool = createPool(url, 4);
  const { store } = createBankStore(pool, secretsKey);
  const figures: CatchUpFigure[] = [];
  try {
    const { rows } = await pool.query<{ count: number }>(
      'SELECT count(*)::bigint AS count FROM events',
    );
    const events = rows[0]!.count;
    for (const name of names) {
      const projection = allProjections.find((p) => p.name === name);
      if (!projection) continue;
      try {
        const cpuBefore = process.cpuUsage();
        const postgresBefore = processTreeCpuMs(postgresPid);
        const started = performance.now();
        let applied = 0;
        const reading = (): CatchUpReading => {
          const node = process.cpuUsage(cpuBefore);
          const postgres = processTreeCpuMs(postgresPid);
          return {
            applied,
            atMs: performance.now() - started,
            nodeCpuMs: (node.user + node.system) / 1000,
            ...(postgres === undefined || postgresBefore === undefined
              ? {}
              : { postgresCpuMs: postgres - postgresBefore }),
          };
        };
        const readings = [reading()];
        await rebuildProjection(pool, store, projection, (count) => {
          applied += count;
          readings.push(reading());
        });
        const elapsedMs = performance.now() - started;
        const cpu = process.cpuUsage(cpuBefore);
        const postgresMs = cpuPer(postgresBefore, processTreeCpuMs(postgresPid), events);
        const warm = pastFirstTenth(readings, events);
        const eventsPerSecond = (events / elapsedMs) * 1000;
        const nodeCpuMicros = (cpu.user + cpu.system) / events;
        figures.push({
          projection: name,
          events,
          elapsedMs,
          eventsPerSecond,
          nodeCpuMicros,
          ...(postgresMs === undefined ? {} : { postgresCpuMicros: postgresMs * 1000 }),
          ...(warm ? { warm } : {}),
        });
        log(
          `  catch-up ${name}: ${events} events in ${Math.round(elapsedMs)} ms (${Math.round(eventsPerSecond)} events/s; CPU per event: Node ${nodeCpuMicros.toFixed(1)} µs, PostgreSQL ${postgresMs === undefined ? 'n/a' : (postgresMs * 1000).toFixed(1)} µs)${warm ? `; past its first tenth ${Math.round(warm.eventsPerSecond)} events/s` : ''}`,
        );
      } catch (error) {
        log(`  catch-up ${name} failed: ${(error as Error).message}`);
      }
    }
  } finally {
    await store.close();
    await pool.end();
  }
  return figures;
}

/** What catch-up-process.ts is sent: benchCatchUp's arguments. */
export interface CatchUpJob {
  url: string;
  secretsKeyHex: string;
  names: string[];
  postgresPid?: number;
}

/**
 * benchCatchUp in a Node process of its own, as a real rebuild runs: its figures include the
 * process's warm-up, and none of the heap or garbage the bench's own process carries.
 */
export async function catchUpInOwnProcess(job: CatchUpJob): Promise<CatchUpFigure[]> {
  const { figures } = await forkJob<{ figures: CatchUpFigure[] }>(
    new URL('./catch-up-process.ts', import.meta.url),
    job,
  );
  return figures;
}
