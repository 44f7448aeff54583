import { RenderPool } from '@bank/audit';
import {
  boundedReads,
  consistentReadModelReads,
  integerSetting,
  type Pool,
  type SessionStore,
} from '@bank/infra';
import { allProjectionNames, readModelsReadBy } from '@bank/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DocumentDesk } from './document-desk.ts';
import { accountDocumentRoutes } from './routes/account-documents.ts';
import { auditQueryRoutes, opsMetricsRoutes, opsParkedEventQueryRoutes } from './routes/audit.ts';
import { billPayQueryRoutes } from './routes/bill-pay.ts';
import { cardQueryRoutes } from './routes/cards.ts';
import { cryptoOpsQueryRoutes, cryptoQueryRoutes } from './routes/crypto.ts';
import { customerQueryRoutes } from './routes/customer.ts';
import { insightsQueryRoutes } from './routes/insights.ts';
import { opsQueryRoutes } from './routes/ops.ts';
import { personalFinanceQueryRoutes } from './routes/personal-finance.ts';
import { opsSupportQueryRoutes, supportQueryRoutes } from './routes/support.ts';
import { savedRecipientQueryRoutes } from './routes/saved-recipients.ts';
import { scheduledTransferQueryRoutes } from './routes/scheduled-transfers.ts';
import { transferQueryRoutes } from './routes/transfers.ts';
import { zelleQueryRoutes } from './routes/zelle.ts';

export * from './views/accounts.ts';
export * from './views/transactions.ts';

export interface QueryApiOptions {
  pool: Pool;
  sessions: SessionStore;
  opsToken: string;
  /** Opens sealed personal data in events read straight from the log (auditors' statements). */
  openEvents?: (rows: { type: string; data: unknown }[]) => Promise<void>;
  /** Opens values sealed with the bank's secrets key (reset links in the ops outbox). */
  unseal: (sealed: string) => string;
}

/** The read side of the /api surface, served from read models only (mount under /api). */
export const queryApi: FastifyPluginAsyncZod<QueryApiOptions> = async (
  app,
  { pool: bankPool, sessions, opsToken, openEvents, unseal },
) => {
  // A PostgreSQL that hangs must not hold every page open with it: a read past the bound is 503.
  const reads = boundedReads(bankPool, integerSetting('PG_QUERY_TIMEOUT_MS'));
  const { pool } = consistentReadModelReads(app, reads, {
    readBy: readModelsReadBy,
    all: allProjectionNames,
  });
  // Its threads start when the first document is asked for.
  const documents = new DocumentDesk(new RenderPool());
  app.addHook('onClose', () => documents.close());
  await app.register(customerQueryRoutes, { pool, sessions });
  await app.register(accountDocumentRoutes, { pool, sessions, openEvents, documents });
  await app.register(opsQueryRoutes, { pool, opsToken, unseal });
  await app.register(cryptoOpsQueryRoutes, { pool, opsToken });
  await app.register(auditQueryRoutes, { pool, sessions, opsToken, openEvents, documents });
  await app.register(opsMetricsRoutes, { pool, opsToken });
  await app.register(opsParkedEventQueryRoutes, { pool, opsToken });
  await app.register(billPayQueryRoutes, { pool, sessions });
  await app.register(cryptoQueryRoutes, { pool, sessions });
  await app.register(cardQueryRoutes, { pool, sessions });
  await app.register(supportQueryRoutes, { pool, sessions });
  await app.register(opsSupportQueryRoutes, { pool, opsToken });
  await app.register(transferQueryRoutes, { pool, sessions });
  await app.register(scheduledTransferQueryRoutes, { pool, sessions });
  await app.register(savedRecipientQueryRoutes, { pool, sessions });
  await app.register(zelleQueryRoutes, { pool, sessions });
  await app.register(personalFinanceQueryRoutes, { pool, sessions });
  await app.register(insightsQueryRoutes, { pool, sessions });
};
