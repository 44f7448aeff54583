import { catalogue } from '@bank/events';
import { createPgEventStore, type Pool } from '@bank/infra';
import { allProjections, dropShadow, rebuildWithShadow } from '@bank/projections';

export interface CatchUpFigure {
  projection: string;
  events: number;
  elapsedMs: number;
  eventsPerSecond: number;
}

/**
 * (c) Catch-up: rebuilds projections from the start of the log the load left behind (shadow
 * tables, then swapped in), which is what a new or repaired read model has to do.
 */
export async function benchCatchUp(
  pool: Pool,
  names: string[],
  log: (line: string) => void,
): Promise<CatchUpFigure[]> {
  const store = createPgEventStore(pool, { reader: catalogue });
  const figures: CatchUpFigure[] = [];
  for (const name of names) {
    const projection = allProjections.find((p) => p.name === name);
    if (!projection) continue;
    try {
      const result = await rebuildWithShadow(pool, store, projection);
      figures.push({
        projection: name,
        events: result.events,
        elapsedMs: result.elapsedMs,
        eventsPerSecond: result.eventsPerSecond,
      });
      log(
        `  rebuild ${name}: ${result.events} events in ${Math.round(result.elapsedMs)} ms (${result.eventsPerSecond} events/s)`,
      );
    } catch (error) {
      await dropShadow(pool, projection).catch(() => {});
      log(`  rebuild ${name} failed: ${(error as Error).message}`);
    }
  }
  await store.close();
  return figures;
}
