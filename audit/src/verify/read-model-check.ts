import { readFollowerPosition, type PoolClient } from '@bank/infra';
import type { AccountTrail, LedgerTrail } from './books-fold.ts';
import { describeEvent, dollars, type EventRef, type FindingLog } from './findings.ts';
import type { Checkpoint } from './log-cursor.ts';

export interface ReadModelSnapshot {
  checkpoint: Checkpoint;
  accounts: Map<string, { balance: number; held: number }>;
  ledger: Map<string, number>;
}

/** Read models and the position they reflect, read in the snapshot the log is then scanned in. */
export async function readModelSnapshot(
  client: PoolClient,
  projection: string,
): Promise<ReadModelSnapshot> {
  const checkpoint = await readFollowerPosition(client, projection, 'projection_positions');
  const accounts = await client.query<{
    account_id: string;
    balance_cents: number;
    held_cents: number;
  }>('SELECT account_id, balance_cents, held_cents FROM rm_accounts');
  const ledger = await client.query<{ ledger_account: string; balance_cents: number }>(
    'SELECT ledger_account, balance_cents FROM ledger_balances()',
  );
  return {
    checkpoint,
    accounts: new Map(
      accounts.rows.map((r) => [r.account_id, { balance: r.balance_cents, held: r.held_cents }]),
    ),
    ledger: new Map(ledger.rows.map((r) => [r.ledger_account, r.balance_cents])),
  };
}

/** Each account's balance and holds in rm_accounts against the log's, and accounts in only one. */
export function compareAccounts(
  snapshot: ReadModelSnapshot,
  accounts: ReadonlyMap<string, AccountTrail>,
  log: FindingLog,
): void {
  for (const [accountId, trail] of accounts) {
    if (!trail.opened) continue; // opened after the read model's position, or not an account
    const stored = snapshot.accounts.get(accountId);
    if (!stored) {
      log.add({
        kind: 'account_missing_from_read_model',
        message: `account ${accountId} is in the log (${describeEvent(trail.opened)}) but not in rm_accounts`,
        accountId,
        event: trail.opened,
      });
      continue;
    }
    const tampered = log.firstTampered.get(`account-${accountId}`);
    const at = (version: number, position: number): EventRef | undefined =>
      version > 0 ? { stream: `account-${accountId}`, version, position } : undefined;
    const checks = [
      [
        'balance',
        stored.balance,
        trail.figures.balance,
        at(trail.balanceVersion, trail.balancePosition),
      ],
      ['held', stored.held, trail.figures.held, at(trail.heldVersion, trail.heldPosition)],
    ] as const;
    for (const [field, readModel, derived, last] of checks) {
      if (readModel === derived) continue;
      const cause = tampered ?? last ?? trail.opened;
      log.add({
        kind: field === 'balance' ? 'balance_mismatch' : 'held_mismatch',
        message:
          `account ${accountId}: rm_accounts shows ${field} ${dollars(readModel)}, the events give ${dollars(derived)}; ` +
          (tampered
            ? `caused by the altered event ${describeEvent(cause)}`
            : `the read model departs from the log at or before ${describeEvent(cause)}`),
        accountId,
        readModel,
        derived,
        event: cause,
      });
    }
  }
  for (const accountId of snapshot.accounts.keys()) {
    if (!accounts.get(accountId)?.opened) {
      log.add({
        kind: 'account_unknown_to_log',
        message: `rm_accounts has account ${accountId}, which no AccountOpened event up to the read model's position opened`,
        accountId,
      });
    }
  }
}

/** Each internal ledger account in rm_ledger_balances against the log's. */
export function compareLedger(
  snapshot: ReadModelSnapshot,
  ledger: ReadonlyMap<string, LedgerTrail>,
  log: FindingLog,
): void {
  const names = new Set([...ledger.keys(), ...snapshot.ledger.keys()]);
  for (const name of [...names].sort()) {
    const derived = ledger.get(name)?.cents ?? 0;
    const readModel = snapshot.ledger.get(name) ?? 0;
    if (derived === readModel) continue;
    const last = ledger.get(name)?.last;
    const tampered = last ? log.firstTampered.get(last.stream) : undefined;
    const cause = tampered ?? last;
    log.add({
      kind: 'ledger_mismatch',
      message: `ledger account ${name}: rm_ledger_balances shows ${dollars(readModel)}, the events give ${dollars(derived)}${cause ? ` (see ${describeEvent(cause)})` : ''}`,
      ledgerAccount: name,
      readModel,
      derived,
      ...(cause ? { event: cause } : {}),
    });
  }
}
