import type { BankEvent, Posting } from '@bank/events';
import type { RecordedEvent } from '@bank/infra';
import type { Db, Scope } from '../../projection.ts';
import { defineProjection } from '../../projection.ts';

/**
 * Adds a leg to an internal ledger account, in the scope's shard: each Kafka partition has rows
 * of its own, so partitions never wait on each other's (every teller deposit moves cash:teller).
 * The balance is the sum over the shards (ledger_balances()).
 */
async function postToLedger(
  db: Db,
  scope: Scope,
  contra: string,
  signedCents: number,
): Promise<void> {
  if (contra.startsWith('account:')) return; // the other leg is a customer account's own event
  await db.query(
    `INSERT INTO rm_ledger_balances (ledger_account, shard, balance_cents) VALUES ($1, $2, $3)
     ON CONFLICT (ledger_account, shard)
     DO UPDATE SET balance_cents = rm_ledger_balances.balance_cents + $3`,
    [contra, scope.shard, signedCents],
  );
}

async function settleHold(db: Db, posting: Posting): Promise<void> {
  if (!posting.holdId) return;
  const hold = await db.query<{ amount_cents: number }>(
    `UPDATE rm_account_holds SET status = 'posted' WHERE hold_id = $1 AND status = 'open'
     RETURNING amount_cents`,
    [posting.holdId],
  );
  const amount = hold.rows[0]?.amount_cents;
  if (amount !== undefined) {
    await db.query('UPDATE rm_accounts SET held_cents = held_cents - $2 WHERE account_id = $1', [
      posting.accountId,
      amount,
    ]);
  }
}

type PostingEvent = Extract<BankEvent, { type: 'AccountCredited' | 'AccountDebited' }>;

const isPlainPosting = (event: RecordedEvent<BankEvent>) =>
  event.event.type === 'AccountCredited' ||
  (event.event.type === 'AccountDebited' && !event.event.data.holdId);

/**
 * A run of postings that settle no hold only adds up: each account's balance moves by the sum of
 * its postings and takes the last one's time, each internal ledger account by the sum of its legs.
 */
async function applyPostings(
  events: readonly RecordedEvent<BankEvent>[],
  db: Db,
  scope: Scope,
): Promise<void> {
  const accounts = new Map<string, { delta: number; at: Date }>();
  const ledger = new Map<string, number>();
  for (const recorded of events) {
    const { type, data } = recorded.event as PostingEvent;
    const signed = type === 'AccountCredited' ? data.amount : -data.amount;
    const account = accounts.get(data.accountId);
    if (account) {
      account.delta += signed;
      account.at = recorded.recordedAt;
    } else accounts.set(data.accountId, { delta: signed, at: recorded.recordedAt });
    if (!data.contra.startsWith('account:')) {
      ledger.set(data.contra, (ledger.get(data.contra) ?? 0) - signed);
    }
  }
  await db.query(
    `UPDATE rm_accounts a SET balance_cents = a.balance_cents + v.delta, last_transaction_at = v.at
     FROM unnest($1::uuid[], $2::bigint[], $3::timestamptz[]) AS v(account_id, delta, at)
     WHERE a.account_id = v.account_id`,
    [
      [...accounts.keys()],
      [...accounts.values()].map((a) => a.delta),
      [...accounts.values()].map((a) => a.at),
    ],
  );
  if (ledger.size > 0) {
    await db.query(
      `INSERT INTO rm_ledger_balances (ledger_account, shard, balance_cents)
       SELECT l.account, $3, l.cents FROM unnest($1::text[], $2::bigint[]) AS l(account, cents)
       ON CONFLICT (ledger_account, shard) DO UPDATE
         SET balance_cents = rm_ledger_balances.balance_cents + EXCLUDED.balance_cents`,
      [[...ledger.keys()], [...ledger.values()], scope.shard],
    );
  }
}

/**
 * Accounts with balance and available balance (balance less open holds), and the balances of the
 * bank's internal ledger accounts, so the books can be checked: everything sums to zero.
 */
export const accountsProjection = defineProjection({
  name: 'accounts',
  tables: ['rm_accounts', 'rm_account_holds', 'rm_ledger_balances'],
  aggregate: { accepts: isPlainPosting, apply: applyPostings },
  compareAs: {
    rm_ledger_balances:
      'SELECT ledger_account, sum(balance_cents)::bigint AS balance_cents FROM $table GROUP BY ledger_account',
  },
  // Balances and holds only: descriptions and counterparties are the transactions projection's.
  readsPersonalData: false,
  handlers: {
    async AccountOpened(d, event, db) {
      await db.query(
        `INSERT INTO rm_accounts (account_id, customer_id, account_number, routing_number, name, type,
           product_code, currency, opened_at, opened_position)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10)`,
        [
          d.accountId,
          d.customerId,
          d.accountNumber,
          d.routingNumber,
          d.name,
          d.type,
          d.productCode,
          d.currency,
          event.recordedAt,
          event.position.globalPosition,
        ],
      );
    },
    async AccountCredited(d, event, db, scope) {
      await db.query(
        `UPDATE rm_accounts SET balance_cents = balance_cents + $2, last_transaction_at = $3
         WHERE account_id = $1`,
        [d.accountId, d.amount, event.recordedAt],
      );
      await postToLedger(db, scope, d.contra, -d.amount);
    },
    async AccountDebited(d, event, db, scope) {
      await db.query(
        `UPDATE rm_accounts SET balance_cents = balance_cents - $2, last_transaction_at = $3
         WHERE account_id = $1`,
        [d.accountId, d.amount, event.recordedAt],
      );
      await settleHold(db, d);
      await postToLedger(db, scope, d.contra, d.amount);
    },
    async FundsHeld(d, _event, db) {
      await db.query(
        `INSERT INTO rm_account_holds (hold_id, account_id, amount_cents, status) VALUES ($1,$2,$3,'open')`,
        [d.holdId, d.accountId, d.amount],
      );
      await db.query('UPDATE rm_accounts SET held_cents = held_cents + $2 WHERE account_id = $1', [
        d.accountId,
        d.amount,
      ]);
    },
    async HoldReleased(d, _event, db) {
      const hold = await db.query<{ amount_cents: number }>(
        `UPDATE rm_account_holds SET status = 'released' WHERE hold_id = $1 AND status = 'open'
         RETURNING amount_cents`,
        [d.holdId],
      );
      const amount = hold.rows[0]?.amount_cents;
      if (amount !== undefined) {
        await db.query(
          'UPDATE rm_accounts SET held_cents = held_cents - $2 WHERE account_id = $1',
          [d.accountId, amount],
        );
      }
    },
  },
});
