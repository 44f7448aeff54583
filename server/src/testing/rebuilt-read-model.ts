import { allProjections, dropShadow, readModelHash, rebuildWithShadow } from '@bank/projections';
import type { TestBank } from './test-bank.ts';

/**
 * A read model's hashes as it stands and as replayed from the log into a shadow schema (the live
 * tables are left alone): equal when the projection rebuilds what it built.
 */
export async function liveAndRebuiltHashes(bank: TestBank, projectionName: string) {
  const projection = allProjections.find((p) => p.name === projectionName);
  if (!projection) throw new Error(`no projection named ${projectionName}`);
  const live = await readModelHash(bank.pool, projection);
  const rebuilt = await rebuildWithShadow(bank.ownerPool, bank.store, projection, { swap: false });
  try {
    return { live, rebuilt: await readModelHash(bank.ownerPool, projection, rebuilt.shadowSchema) };
  } finally {
    await dropShadow(bank.ownerPool, projection);
  }
}
