import { TransferInitiated } from '@bank/events';
import { domesticWireArrival } from '@bank/contracts/wire-arrival';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../kernel/aggregate.ts';
import { deciderSpecification, stateAfter } from '../../kernel/decider-specification.ts';
import { bankDate } from './bank-time.ts';
import {
  confirmedRateHolds,
  convertUsdToEur,
  quoteUsdToEur,
  rateMicrosOf,
  usdToEurRateMicros,
} from './fx.ts';
import { idempotencyAggregate, recordReply, replayFor } from './idempotency.ts';
import {
  decideSettlement,
  initiateTransfer,
  settlementDue,
  settlementOutcome,
  transferAggregate,
  type TransferData,
} from './transfer.ts';

const transferId = '7a1c2d3e-4f50-4617-8a9b-0c1d2e3f4a5b';
const pending: TransferData = {
  transferId,
  customerId: '4b6c2f0a-1e2d-4c3b-8a9f-5e6d7c8b9a02',
  type: 'external-bank',
  status: 'pending',
  fromAccountId: '0d9a3d5e-7f62-4d3e-9b1c-3f2a7c1d0e01',
  fromAccountName: 'Premium Checking',
  recipientName: 'Alex Kim',
  senderName: 'Jordan Rivera',
  amount: 100_00,
  fee: 3_00,
  memo: '',
  transferDate: '2026-11-23',
  description: 'Transfer to Alex Kim at First National (****6789)',
  reference: 'TRF-ABCDEFGH',
  destination: { bankName: 'First National', accountLast4: '6789', routingNumber: '021000021' },
  holdId: '11111111-1111-4111-8111-111111111111',
  feeHoldId: '22222222-2222-4222-8222-222222222222',
  settleAfter: '2026-11-25T15:00:00.000Z',
  initiatedAt: '2026-11-23T15:00:00.000Z',
};

const transfer = deciderSpecification(transferAggregate, initiateTransfer);
const given = (...events: Parameters<typeof transfer.given>) => transfer.given(...events).state;

describe('settlement', () => {
  const now = new Date('2026-11-25T15:00:00Z');

  it('posts both holds: the amount to clearing, the fee to fee income', () => {
    const plan = decideSettlement(given(TransferInitiated.create(pending)), { ok: true }, now);
    expect(plan.transferEvents).toMatchObject([
      {
        type: 'TransferSettled',
        data: { transferId, amount: 100_00, fee: 3_00, transferType: 'external-bank' },
      },
    ]);
    expect(plan.accountCommands).toMatchObject([
      {
        type: 'CaptureHold',
        posting: { holdId: pending.holdId, amount: 100_00, contra: 'clearing:external' },
      },
      {
        type: 'CaptureHold',
        posting: { holdId: pending.feeHoldId, amount: 3_00, contra: 'income:fees' },
      },
    ]);
  });

  it('releases both holds when the receiving bank rejects it', () => {
    const failing = { ...pending, destination: { ...pending.destination, accountLast4: '0000' } };
    const outcome = settlementOutcome(failing);
    expect(outcome.ok).toBe(false);
    const plan = decideSettlement(given(TransferInitiated.create(failing)), outcome, now);
    expect(plan.transferEvents[0]!.type).toBe('TransferFailed');
    expect(plan.accountCommands.map((c) => c.type)).toEqual(['ReleaseHold', 'ReleaseHold']);
  });

  it('does nothing for a transfer that is not pending (a job that runs twice)', () => {
    const settled = given(
      TransferInitiated.create(pending),
      ...decideSettlement(given(TransferInitiated.create(pending)), { ok: true }, now)
        .transferEvents,
    );
    expect(settled.status).toBe('completed');
    expect(decideSettlement(settled, { ok: true }, now)).toEqual({
      transferEvents: [],
      accountCommands: [],
    });
    expect(decideSettlement(given(), { ok: true }, now).transferEvents).toEqual([]);
  });

  it('is due after SETTLEMENT_DELAY_MS when set, else in business days', () => {
    const friday = new Date('2026-11-27T17:00:00Z');
    expect(settlementDue('sepa', transferId, friday, 500).getTime()).toBe(friday.getTime() + 500);
    expect(bankDate(settlementDue('sepa', transferId, friday, undefined))).toBe('2026-11-30');
    const external = bankDate(settlementDue('external-bank', transferId, friday, undefined));
    expect(['2026-11-30', '2026-12-01', '2026-12-02']).toContain(external);
  });

  it('settles a domestic wire on the day the wire page showed the customer before sending', () => {
    // Every 41 minutes of a year (so at every minute of the hour in turn): weekends, holidays, the
    // cut-off and both daylight saving changes.
    const start = Date.parse('2026-01-01T00:10:00Z');
    const disagree: string[] = [];
    for (let t = start; t < start + 365 * 24 * 3600 * 1000; t += 41 * 60 * 1000) {
      const now = new Date(t);
      const due = settlementDue('domestic-wire', transferId, now, undefined);
      if (bankDate(due) !== domesticWireArrival(now).date) disagree.push(now.toISOString());
    }
    expect(disagree).toEqual([]);
  });

  it('cannot initiate the same transfer twice', () => {
    transfer
      .given()
      .when(pending)
      .then([{ type: 'TransferInitiated', data: { transferId } }]);
    transfer.given(TransferInitiated.create(pending)).when(pending).thenThrows(DomainError);
  });
});

describe('USD to EUR', () => {
  it('converts in integer cents, rounding half up', () => {
    expect(convertUsdToEur(100_00, 921_500)).toBe(92_15);
    expect(convertUsdToEur(1, 921_500)).toBe(1); // 0.9215 cents → 1
    expect(convertUsdToEur(3, 921_500)).toBe(3); // 2.7645 → 3
    expect(convertUsdToEur(9_999_999_999_99, 920_000)).toBe(9_199_999_999_99);
  });

  it('quotes a deterministic daily rate from the simulated feed', () => {
    const now = new Date('2026-11-23T15:00:00Z');
    const quote = quoteUsdToEur(200_00, now);
    expect(quote.asOf).toBe('2026-11-23');
    expect(quote.rateMicros).toBe(usdToEurRateMicros('2026-11-23'));
    expect(quote.rateMicros).toBeGreaterThanOrEqual(920_000);
    expect(quote.rateMicros).toBeLessThan(925_000);
    expect(quote.rate).toBe(`0.${quote.rateMicros}`);
    expect(quote.targetAmount).toBe(convertUsdToEur(200_00, quote.rateMicros));
    expect(quoteUsdToEur(200_00, now)).toEqual(quote);
  });

  it('holds a confirmed rate however the client wrote it, and only that rate', () => {
    const quote = {
      ...quoteUsdToEur(200_00, new Date('2026-11-23T15:00:00Z')),
      rateMicros: 923_700,
    };
    for (const same of ['0.923700', '0.9237', '0.92370', ' 0.9237 ', '0.923700000']) {
      expect(confirmedRateHolds(same, quote), same).toBe(true);
    }
    for (const other of ['0.9238', '0.92369', '0.9237001', '1', '', 'abc', '0.9237e0', '-0.9237']) {
      expect(confirmedRateHolds(other, quote), other).toBe(false);
    }
    expect(confirmedRateHolds(undefined, quote)).toBe(true);
    expect(rateMicrosOf('1.5')).toBe(1_500_000);
  });
});

describe('idempotency', () => {
  const customerId = pending.customerId;
  const recorded = recordReply(
    customerId,
    'hash-1',
    { statusCode: 201, body: { ok: 1 } },
    new Date(),
  );
  const state = stateAfter(idempotencyAggregate, ...recorded);

  it('runs a new key, replays a known one, refuses a known key with another request', () => {
    expect(replayFor(null, 'hash-1')).toBeUndefined();
    expect(replayFor(state, 'hash-1')).toEqual({ statusCode: 201, body: { ok: 1 } });
    expect(() => replayFor(state, 'hash-2')).toThrow(DomainError);
  });

  it('replays a key recorded under any hash the request goes by (its command, or its body)', () => {
    // A key recorded with the body's hash, before commands were hashed, retried afterwards.
    expect(replayFor(state, 'command-hash', 'hash-1')).toEqual({
      statusCode: 201,
      body: { ok: 1 },
    });
    expect(() => replayFor(state, 'command-hash', 'body-hash')).toThrow(DomainError);
  });
});
