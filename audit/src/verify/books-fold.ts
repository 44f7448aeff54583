import {
  applyBalanceEvent,
  emptyFigures,
  isBalanceEvent,
  ledgerLeg,
  type AccountFigures,
  type BalanceEventData,
} from '../balance-fold.ts';
import { clearingBreaks, CoinFold, isCoinEvent } from '../custody.ts';
import { readStoredEvent } from '../readable.ts';
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
    const read = this.read(row, version, position, type);
    // The bank's read models pass over an event they cannot read; so do the books here.
    if (!read) return;
    const data = read as BalanceEventData;
    // The coin books and clearing:crypto are invariants of the whole log, read model or not.
    if (isCoinEvent(stream, type)) {
      this.coins.apply(stream, type, read as unknown as Parameters<CoinFold['apply']>[2]);
    } else if (trail && data.contra === 'clearing:crypto' && isBalanceEvent(type)) {
      const leg = ledgerLeg(type, data);
      if (leg) this.coins.postClearing(leg.cents);
    }

    if (!trail || row[COLUMN.reflected] !== 't') return;
    if (type === 'AccountOpened') {
      trail.opened = { stream, version, position };
      return;
    }
    if (!isBalanceEvent(type)) return;
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

  /**
   * The event as the bank's readers read it (upcast to its latest shape, validated); undefined,
   * and a finding of its own, for one they pass over. Not counted as an altered event: the bank
   * skipped it too, so no figure departs because of it, and a read model that departs is blamed on
   * what really altered the stream.
   */
  private read(
    row: ScanRow,
    version: number,
    position: number,
    type: string,
  ): Record<string, unknown> | undefined {
    const schemaVersion = Number(row[COLUMN.schemaVersion]);
    const stored = { eventId: row[COLUMN.eventId]!, streamId: this.stream, type, schemaVersion };
    const read = readStoredEvent(stored, JSON.parse(row[COLUMN.data]!));
    if (read.readable) return read.data;
    const ref = { stream: this.stream, version, position };
    this.log.add({
      kind: 'unreadable_event',
      message: `${describeEvent(ref)} (${type} schema version ${schemaVersion}) cannot be read, so the bank passes over it (${read.reason}): ${read.problem}`,
      event: ref,
      eventType: type,
      reason: read.problem,
    });
    return undefined;
  }
}
