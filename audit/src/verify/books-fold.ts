import { catalogue } from '@bank/events';
import {
  applyBalanceEvent,
  emptyFigures,
  isBalanceEvent,
  ledgerLeg,
  type AccountFigures,
  type BalanceEventData,
} from '../balance-fold.ts';
import { clearingBreaks, CoinFold, isCoinEvent } from '../custody.ts';
import { describeEvent, type EventRef, type FindingLog } from './findings.ts';
import { COLUMN, type ScanRow } from './log-cursor.ts';

export interface AccountTrail {
  figures: AccountFigures;
  opened: EventRef | undefined;
  /** The last event that moved the balance, and the last that moved the holds (0: none). */
  balanceVersion: number;
  balancePosition: number;
  heldVersion: number;
  heldPosition: number;
}

export interface LedgerTrail {
  cents: number;
  last: EventRef;
}

/**
 * The books re-derived from the log, row by row in stream order: each account's balance and open
 * holds and each internal ledger account, from the events the read models reflect, with the last
 * event that moved each figure; and the coin books, from the whole log.
 */
export class BooksFold {
  readonly accounts = new Map<string, AccountTrail>();
  readonly ledger = new Map<string, LedgerTrail>();
  private readonly coins = new CoinFold();
  private stream = '';
  private trail: AccountTrail | undefined;

  constructor(private readonly log: FindingLog) {}

  /** The first row of the next stream is about to be folded. */
  enter(stream: string): void {
    this.stream = stream;
    this.trail = undefined;
    if (!stream.startsWith('account-')) return;
    const accountId = stream.slice('account-'.length);
    let trail = this.accounts.get(accountId);
    if (!trail) {
      trail = {
        figures: emptyFigures(),
        opened: undefined,
        balanceVersion: 0,
        balancePosition: 0,
        heldVersion: 0,
        heldPosition: 0,
      };
      this.accounts.set(accountId, trail);
    }
    this.trail = trail;
  }

  fold(row: ScanRow, version: number, position: number, type: string): void {
    const stream = this.stream;
    const trail = this.trail;
    // The coin books and clearing:crypto are invariants of the whole log, read model or not.
    if (isCoinEvent(stream, type)) {
      this.coins.apply(
        stream,
        type,
        JSON.parse(row[COLUMN.data]!) as Parameters<CoinFold['apply']>[2],
      );
    } else if (trail && row[COLUMN.contra] === 'clearing:crypto' && isBalanceEvent(type)) {
      const leg = ledgerLeg(type, {
        amount: Number(row[COLUMN.amount]),
        contra: row[COLUMN.contra],
      });
      if (leg) this.coins.postClearing(leg.cents);
    }

    if (!trail || row[COLUMN.reflected] !== 't') return;
    if (type === 'AccountOpened') {
      trail.opened = { stream, version, position };
      return;
    }
    if (!isBalanceEvent(type)) return;
    const data = this.balanceData(row, version, position);
    if (!data) return;
    const change = applyBalanceEvent(trail.figures, type, data);
    if (change.balance !== 0) {
      trail.balanceVersion = version;
      trail.balancePosition = position;
    }
    if (change.held !== 0) {
      trail.heldVersion = version;
      trail.heldPosition = position;
    }
    const leg = ledgerLeg(type, data);
    if (!leg) return;
    const entry = this.ledger.get(leg.ledgerAccount);
    if (entry) {
      entry.cents += leg.cents;
      entry.last.stream = stream;
      entry.last.version = version;
      entry.last.position = position;
    } else {
      this.ledger.set(leg.ledgerAccount, { cents: leg.cents, last: { stream, version, position } });
    }
  }

  /** After the last row: every break of the coin books and of the clearing bounds. */
  finish(): void {
    for (const broken of this.coins.finish()) {
      this.log.add({ kind: broken.kind, message: broken.message });
    }
    const derivedLedger = new Map([...this.ledger].map(([name, trail]) => [name, trail.cents]));
    for (const broken of clearingBreaks(derivedLedger)) {
      this.log.add({
        kind: broken.kind,
        message: broken.message,
        ...(broken.ledgerAccount ? { ledgerAccount: broken.ledgerAccount } : {}),
      });
    }
  }

  /** The fields the fold reads; undefined (and a finding) if the catalogue cannot read them. */
  private balanceData(
    row: ScanRow,
    version: number,
    position: number,
  ): BalanceEventData | undefined {
    const schemaText = row[COLUMN.schemaVersion]!;
    if (schemaText === '1') {
      return {
        amount: row[COLUMN.amount] === null ? undefined : Number(row[COLUMN.amount]),
        holdId: row[COLUMN.holdId] ?? undefined,
        contra: row[COLUMN.contra] ?? undefined,
      };
    }
    const type = row[COLUMN.type]!;
    try {
      return catalogue.read(type, Number(schemaText), JSON.parse(row[COLUMN.data]!))
        .data as BalanceEventData;
    } catch (error) {
      const ref = { stream: this.stream, version, position };
      this.log.tampered(ref, {
        kind: 'unreadable_event',
        message: `${describeEvent(ref)} (${type} schema version ${schemaText}) cannot be read: ${(error as Error).message}`,
        event: ref,
      });
      return undefined;
    }
  }
}
