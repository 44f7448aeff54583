import {
  TransferFailed,
  TransferInitiated,
  TransferSettled,
  ledgerAccounts,
  moneyRules,
  type EventData,
  type TransferType,
} from '@bank/events';
import { DomainError, type Aggregate, type StreamEvent } from '../../kernel/aggregate.ts';
import type { AccountCommand } from '../account/account.ts';
import { wireGoesOutToday } from '@bank/contracts/wire-arrival';
import { addBusinessDays } from './bank-time.ts';

/** A domestic wire sent on a business day before the cut-off is released within the hour. */
const WIRE_SAME_DAY_MS = 3600 * 1000;

export const MIN_TRANSFER_CENTS = moneyRules.minTransferCents;
export const TRANSFER_FEES: Record<TransferType, number> = moneyRules.transferFees;
export const PROCESSING_TIMES: Record<TransferType, string> = moneyRules.processingTimes;

/** Where the money of a settled transfer goes in the bank's books. */
const CLEARING: Partial<Record<TransferType, string>> = {
  'external-bank': ledgerAccounts.clearingExternal,
  sepa: ledgerAccounts.clearingSepa,
  'domestic-wire': ledgerAccounts.clearingWire,
  'international-wire': ledgerAccounts.clearingWire,
};

export type TransferData = EventData<'TransferInitiated'>;

export interface TransferState {
  transfer: TransferData | null;
  status: 'none' | 'completed' | 'pending' | 'failed' | 'cancelled';
}

export const transferAggregate: Aggregate<
  TransferState,
  StreamEvent<'TransferInitiated' | 'TransferSettled' | 'TransferFailed' | 'TransferCancelled'>
> = {
  name: 'transfer',
  writtenOnce: true,
  initial: () => ({ transfer: null, status: 'none' }),
  evolve(state, event) {
    switch (event.type) {
      case 'TransferInitiated':
        return { transfer: event.data, status: event.data.status };
      case 'TransferSettled':
        return { ...state, status: 'completed' };
      case 'TransferFailed':
        return { ...state, status: 'failed' };
      case 'TransferCancelled':
        return { ...state, status: 'cancelled' };
      default:
        return state;
    }
  },
};

/**
 * When a pending transfer settles: after SETTLEMENT_DELAY_MS when set (demos, tests), else SEPA on
 * the next business day, a domestic wire within the hour on a business day before the cut-off (else
 * the next business day), and external transfers and international wires in 1–3 business days
 * (derived from the id, so it is stable).
 */
export function settlementDue(
  type: TransferType,
  transferId: string,
  now: Date,
  delayMs: number | undefined,
): Date {
  if (delayMs !== undefined) return new Date(now.getTime() + delayMs);
  if (type === 'domestic-wire') {
    return wireGoesOutToday(now)
      ? new Date(now.getTime() + WIRE_SAME_DAY_MS)
      : addBusinessDays(now, 1);
  }
  const days = type === 'sepa' ? 1 : 1 + (parseInt(transferId.slice(0, 2), 16) % 3);
  return addBusinessDays(now, days);
}

/**
 * The simulated networks' answer, deterministic so both paths can be shown and tested: a
 * destination account number (or IBAN) ending in 0000 is rejected by the receiving bank.
 */
export function settlementOutcome(
  transfer: TransferData,
): { ok: true } | { ok: false; reason: string } {
  if (transfer.destination.accountLast4 === '0000') {
    return { ok: false, reason: 'The receiving bank rejected the transfer: account not found.' };
  }
  return { ok: true };
}

export function initiateTransfer(data: TransferData, state: TransferState) {
  if (state.transfer) throw new DomainError('exists', 'The transfer already exists.');
  return [TransferInitiated.create(data)];
}

export interface SettlementPlan {
  transferEvents: ReturnType<typeof TransferSettled.create | typeof TransferFailed.create>[];
  /** Commands for the source account: capture the holds, or release them. */
  accountCommands: AccountCommand[];
}

/**
 * Settles a pending transfer: the holds are posted (amount to clearing, fee to fee income), or on
 * failure released, so the money is available again. Nothing to do once it is no longer pending.
 */
export function decideSettlement(
  state: TransferState,
  outcome: { ok: true } | { ok: false; reason: string },
  now: Date,
): SettlementPlan {
  const t = state.transfer;
  if (!t || state.status !== 'pending') return { transferEvents: [], accountCommands: [] };
  const at = now.toISOString();
  const facts = {
    transferId: t.transferId,
    customerId: t.customerId,
    amount: t.amount,
    fee: t.fee,
    recipientName: t.recipientName,
    reference: t.reference,
    transferType: t.type,
  };
  const holds = [
    { holdId: t.holdId, amount: t.amount, kind: t.type, contra: CLEARING[t.type] },
    { holdId: t.feeHoldId, amount: t.fee, kind: 'fee', contra: ledgerAccounts.feeIncome },
  ].filter((h): h is typeof h & { holdId: string } => h.holdId !== undefined);

  if (!outcome.ok) {
    return {
      transferEvents: [TransferFailed.create({ ...facts, reason: outcome.reason, failedAt: at })],
      accountCommands: holds.map((h) => ({
        type: 'ReleaseHold',
        holdId: h.holdId,
        reason: outcome.reason,
      })),
    };
  }
  return {
    transferEvents: [TransferSettled.create({ ...facts, settledAt: at })],
    accountCommands: holds.map((h) => ({
      type: 'CaptureHold',
      posting: {
        accountId: t.fromAccountId,
        entryId: h.holdId,
        holdId: h.holdId,
        amount: h.amount,
        description: h.kind === 'fee' ? feeDescription(t.type) : t.description,
        kind: h.kind,
        contra: h.contra ?? ledgerAccounts.clearingExternal,
        reference: t.reference,
        metadata: { transfer_id: t.transferId, counterparty_name: t.recipientName },
      },
    })),
  };
}

const FEE_DESCRIPTIONS: Partial<Record<TransferType, string>> = {
  sepa: 'SEPA transfer fee',
  'domestic-wire': 'Domestic wire fee',
  'international-wire': 'International wire fee',
};

export function feeDescription(type: TransferType): string {
  return FEE_DESCRIPTIONS[type] ?? 'External transfer fee';
}
