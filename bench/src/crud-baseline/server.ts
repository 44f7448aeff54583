// A baseline, not part of the bank: the plain CRUD transfer endpoint a team would otherwise write
// (Fastify, pg with a pool of 16, one transaction of two balance UPDATEs and a history INSERT).
// `npm run bench` runs it in its own process against the same PostgreSQL as the bank, so both are
// measured the same way. Forked by ./index.ts with its settings in the environment.
import Fastify from 'fastify';
import pg from 'pg';

const databaseUrl = process.env.CRUD_DATABASE_URL!;
const accounts = Number(process.env.CRUD_ACCOUNTS ?? 256);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 16 });

await pool.query(`
  CREATE TABLE IF NOT EXISTS crud_accounts (
    id bigint PRIMARY KEY,
    balance_cents bigint NOT NULL CHECK (balance_cents >= 0)
  );
  CREATE TABLE IF NOT EXISTS crud_transfer_history (
    id bigserial PRIMARY KEY,
    from_account bigint NOT NULL REFERENCES crud_accounts (id),
    to_account bigint NOT NULL REFERENCES crud_accounts (id),
    amount_cents bigint NOT NULL CHECK (amount_cents > 0),
    memo text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  );`);
await pool.query(
  `INSERT INTO crud_accounts (id, balance_cents) SELECT g, 100000000 FROM generate_series(1, $1::int) g
   ON CONFLICT (id) DO NOTHING`,
  [accounts],
);

const app = Fastify({ logger: false });
const transferBody = {
  type: 'object',
  required: ['fromAccount', 'toAccount', 'amountCents'],
  additionalProperties: false,
  properties: {
    fromAccount: { type: 'integer', minimum: 1 },
    toAccount: { type: 'integer', minimum: 1 },
    amountCents: { type: 'integer', minimum: 1, maximum: 100_000_000 },
    memo: { type: 'string', maxLength: 140 },
  },
} as const;

app.post<{ Body: { fromAccount: number; toAccount: number; amountCents: number; memo?: string } }>(
  '/transfers',
  { schema: { body: transferBody } },
  async (request, reply) => {
    const { fromAccount, toAccount, amountCents, memo = '' } = request.body;
    if (fromAccount === toAccount) return reply.code(422).send({ error: 'same account' });
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const debit = await client.query(
        'UPDATE crud_accounts SET balance_cents = balance_cents - $2 WHERE id = $1 AND balance_cents >= $2',
        [fromAccount, amountCents],
      );
      if (debit.rowCount !== 1) {
        await client.query('ROLLBACK');
        return reply.code(422).send({ error: 'insufficient funds' });
      }
      await client.query(
        'UPDATE crud_accounts SET balance_cents = balance_cents + $2 WHERE id = $1',
        [toAccount, amountCents],
      );
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO crud_transfer_history (from_account, to_account, amount_cents, memo)
         VALUES ($1, $2, $3, $4) RETURNING id`,
        [fromAccount, toAccount, amountCents, memo],
      );
      await client.query('COMMIT');
      return reply.code(201).send({ id: rows[0]!.id });
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  },
);

const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.send!({ ready: address });
process.on('disconnect', () => {
  void app.close().then(() => pool.end());
});
