import { ANY_TRANSFER_TYPES, TRANSFER_TYPE_INFO } from '@bank/contracts';
import { formatUsd, moneyRules, transferTypes } from '@bank/events';
import { describe, expect, it } from 'vitest';
import { PROCESSING_TIMES, TRANSFER_FEES } from './transfer.ts';

describe('transfer fees and processing times', () => {
  it('the decider knows the same transfer types as the screens’ table', () => {
    expect([...transferTypes].sort()).toEqual([...ANY_TRANSFER_TYPES].sort());
  });

  it('the decider charges, in whole cents, the fee the screens show for every type', () => {
    for (const type of transferTypes) {
      const shown = TRANSFER_TYPE_INFO[type].feeCents;
      expect(Number.isSafeInteger(shown) && shown >= 0, type).toBe(true);
      expect(TRANSFER_FEES[type], type).toBe(shown);
      expect(moneyRules.transferFees[type], type).toBe(shown);
    }
  });

  it('the fees, as the customer reads them', () => {
    const text = Object.fromEntries(transferTypes.map((t) => [t, formatUsd(TRANSFER_FEES[t])]));
    expect(text).toEqual({
      'between-accounts': '$0.00',
      'same-bank': '$0.00',
      'external-bank': '$3.00',
      sepa: '$15.00',
      'domestic-wire': '$25.00',
      'international-wire': '$45.00',
    });
  });

  it('the bank’s answers quote the processing time the screens show', () => {
    for (const type of transferTypes) {
      expect(PROCESSING_TIMES[type], type).toBe(TRANSFER_TYPE_INFO[type].processing);
      expect(moneyRules.processingTimes[type], type).toBe(TRANSFER_TYPE_INFO[type].processing);
    }
  });
});
