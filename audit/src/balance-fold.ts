/**
 * Re-derives an account's figures from its events alone, by the same rules as the account
 * aggregate: postings move the balance, holds lower the available balance until they are posted
 * (a debit naming the hold) or released.
 */
export const BALANCE_EVENT_TYPES = [
  'AccountCredited',
  'AccountDebited',
  'FundsHeld',
  'HoldReleased',
] as const;
export type BalanceEventType = (typeof BALANCE_EVENT_TYPES)[number];

export function isBalanceEvent(type: string): type is BalanceEventType {
  return (BALANCE_EVENT_TYPES as readonly string[]).includes(type);
}

/** The fields of the four balance events that the fold reads. */
export interface BalanceEventData {
  accountId?: string;
  amount?: number;
  holdId?: string;
  contra?: string;
  occurredAt?: string;
}

export interface AccountFigures {
  /** Posted balance, cents. */
  balance: number;
  /** Sum of open holds, cents. */
  held: number;
  openHolds: Map<string, number>;
}

export const emptyFigures = (): AccountFigures => ({ balance: 0, held: 0, openHolds: new Map() });

/** What one event did to the figures: the signed change of each. */
export interface FigureChange {
  balance: number;
  held: number;
}

function closeHold(figures: AccountFigures, holdId: string | undefined): number {
  if (!holdId) return 0;
  const amount = figures.openHolds.get(holdId);
  if (amount === undefined) return 0;
  figures.openHolds.delete(holdId);
  figures.held -= amount;
  return -amount;
}

/** Applies one balance event in place and returns what it changed. */
export function applyBalanceEvent(
  figures: AccountFigures,
  type: BalanceEventType,
  data: BalanceEventData,
): FigureChange {
  const amount = data.amount ?? 0;
  switch (type) {
    case 'AccountCredited':
      figures.balance += amount;
      return { balance: amount, held: 0 };
    case 'AccountDebited':
      figures.balance -= amount;
      return { balance: -amount, held: closeHold(figures, data.holdId) };
    case 'FundsHeld': {
      const replaced = closeHold(figures, data.holdId);
      figures.openHolds.set(data.holdId ?? '', amount);
      figures.held += amount;
      return { balance: 0, held: replaced + amount };
    }
    case 'HoldReleased':
      return { balance: 0, held: closeHold(figures, data.holdId) };
    default: {
      const exhaustive: never = type;
      throw new Error(`Unknown balance event ${String(exhaustive)}`);
    }
  }
}

/** The signed effect of a posting on the bank's internal ledger account it names, if any. */
export function ledgerLeg(
  type: BalanceEventType,
  data: BalanceEventData,
): { ledgerAccount: string; cents: number } | undefined {
  if (type !== 'AccountCredited' && type !== 'AccountDebited') return undefined;
  if (!data.contra || data.contra.startsWith('account:')) return undefined;
  const amount = data.amount ?? 0;
  return { ledgerAccount: data.contra, cents: type === 'AccountCredited' ? -amount : amount };
}
