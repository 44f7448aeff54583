import { randomUUID } from 'node:crypto';
import {
  AccountOpened,
  TransferInitiated,
  ZellePaymentClaimed,
  ZellePaymentReturned,
  ZellePaymentSent,
  ZelleRequestCreated,
  type BankEvent,
} from '@bank/events';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../kernel/aggregate.ts';
import {
  accountAggregate,
  availableBalance,
  decideAccount,
  type AccountCommand,
  type AccountState,
} from '../account/account.ts';
import { decideSettlement, transferAggregate, type TransferState } from '../transfers/transfer.ts';
import {
  decideRequest,
  paymentAggregate,
  requestAggregate,
  type PaymentState,
} from '../zelle/zelle.ts';
import {
  NOT_CANCELLABLE,
  decideCancelTransfer,
  decideCancelZellePayment,
  decideCancelZelleRequest,
} from './cancel.ts';

const sender = randomUUID();
const stranger = randomUUID();
const recipient = randomUUID();
const now = new Date('2026-11-24T15:00:00Z');
const START = 1_000_00;
const FEE = 3_00;

const evolve = <S>(agg: { evolve: (s: S, e: BankEvent) => S }, s: S, events: unknown[]) =>
  events.reduce<S>((state, e) => agg.evolve(state, e as BankEvent), s);

function opened(customerId: string, balance: number): AccountState {
  const accountId = randomUUID();
  const state = evolve(accountAggregate, accountAggregate.initial(), [
    AccountOpened.create({
      accountId,
      customerId,
      accountNumber: '100000000001',
      routingNumber: '021000021',
      name: 'Checking',
      type: 'checking',
      productCode: 'CHK',
      currency: 'USD',
    }),
  ]);
  return { ...state, balance };
}

/** The books of one sender, one recipient and the bank's clearing and fee income. */
class World {
  from = opened(sender, START);
  to = opened(recipient, 0);
  clearing = 0;
  fees = 0;
  payments: PaymentState[] = [];
  transfers: TransferState[] = [];
  releasedHolds = new Set<string>();

  private apply(who: 'from' | 'to', command: AccountCommand) {
    const events = decideAccount(command, this[who]);
    for (const e of events) {
      if (e.type === 'HoldReleased') {
        expect(this.releasedHolds.has(e.data.holdId)).toBe(false);
        this.releasedHolds.add(e.data.holdId);
      }
    }
    this[who] = evolve(accountAggregate, this[who], events);
  }

  total() {
    return this.from.balance + this.to.balance + this.clearing + this.fees;
  }

  sendZelle(amount: number) {
    if (availableBalance(this.from) < amount) return;
    const paymentId = randomUUID();
    const holdId = randomUUID();
    this.apply('from', {
      type: 'Hold',
      hold: {
        accountId: this.from.accountId,
        holdId,
        amount,
        description: 'Zelle payment to Newcomer',
        kind: 'zelle',
        reference: 'ZEL-1',
      },
    });
    this.payments.push(
      evolve(paymentAggregate, paymentAggregate.initial(), [
        ZellePaymentSent.create({
          paymentId,
          senderCustomerId: sender,
          senderName: 'Maya',
          fromAccountId: this.from.accountId,
          recipientName: 'Newcomer',
          recipientContact: { kind: 'email', value: 'new@example.com' },
          amount,
          memo: '',
          reference: 'ZEL-1',
          status: 'pending',
          holdId,
          sentAt: now.toISOString(),
        }),
      ]),
    );
  }

  /** As the claim service: only a payment still pending is claimed. */
  claim(i: number) {
    const state = this.payments[i]!;
    if (state.status !== 'pending') return;
    const p = state.payment!;
    const common = { entryId: p.holdId!, amount: p.amount, kind: 'zelle', reference: p.reference };
    const contra = `account:${this.to.accountId}`;
    this.apply('from', {
      type: 'CaptureHold',
      posting: {
        ...common,
        holdId: p.holdId!,
        accountId: this.from.accountId,
        description: 'x',
        contra,
      },
    });
    this.apply('to', {
      type: 'Credit',
      posting: { ...common, accountId: this.to.accountId, description: 'x', contra },
    });
    this.payments[i] = evolve(paymentAggregate, state, [
      ZellePaymentClaimed.create({
        paymentId: p.paymentId,
        senderCustomerId: sender,
        recipientCustomerId: recipient,
        recipientAccountId: this.to.accountId,
        recipientName: 'Newcomer',
        amount: p.amount,
        claimedAt: now.toISOString(),
      }),
    ]);
  }

  /** As the expiry job: only a payment still pending goes back. */
  expire(i: number) {
    const state = this.payments[i]!;
    if (state.status !== 'pending') return;
    const p = state.payment!;
    this.apply('from', { type: 'ReleaseHold', holdId: p.holdId!, reason: 'Not claimed' });
    this.payments[i] = evolve(paymentAggregate, state, [
      ZellePaymentReturned.create({
        paymentId: p.paymentId,
        senderCustomerId: sender,
        recipientName: 'Newcomer',
        amount: p.amount,
        reason: 'Not claimed',
        returnedAt: now.toISOString(),
      }),
    ]);
  }

  cancelPayment(i: number, by: string) {
    const state = this.payments[i]!;
    const before = availableBalance(this.from);
    const plan = refusedOr(() => decideCancelZellePayment(state, by, now), state.status, by);
    if (!plan) return;
    plan.accountCommands.forEach((c) => this.apply('from', c));
    this.payments[i] = evolve(paymentAggregate, state, plan.events);
    expect(availableBalance(this.from) - before).toBe(state.payment!.amount);
  }

  sendTransfer(amount: number) {
    if (availableBalance(this.from) < amount + FEE) return;
    const transferId = randomUUID();
    const holdId = randomUUID();
    const feeHoldId = randomUUID();
    for (const [id, held] of [
      [holdId, amount],
      [feeHoldId, FEE],
    ] as const) {
      this.apply('from', {
        type: 'Hold',
        hold: {
          accountId: this.from.accountId,
          holdId: id,
          amount: held,
          description: 'Transfer',
          kind: 'external-bank',
          reference: 'EXT-1',
        },
      });
    }
    this.transfers.push(
      evolve(transferAggregate, transferAggregate.initial(), [
        TransferInitiated.create({
          transferId,
          customerId: sender,
          type: 'external-bank',
          status: 'pending',
          fromAccountId: this.from.accountId,
          fromAccountName: 'Checking',
          recipientName: 'Other Bank Person',
          senderName: 'Maya',
          amount,
          fee: FEE,
          memo: '',
          transferDate: '2026-11-24',
          description: 'Transfer',
          reference: 'EXT-1',
          destination: { accountLast4: '1234' },
          holdId,
          feeHoldId,
          initiatedAt: now.toISOString(),
        }),
      ]),
    );
  }

  settle(j: number, ok: boolean) {
    const state = this.transfers[j]!;
    const plan = decideSettlement(state, ok ? { ok } : { ok, reason: 'rejected' }, now);
    for (const command of plan.accountCommands) {
      if (command.type === 'CaptureHold') {
        if (command.posting.kind === 'fee') this.fees += command.posting.amount;
        else this.clearing += command.posting.amount;
      }
      this.apply('from', command);
    }
    this.transfers[j] = evolve(transferAggregate, state, plan.transferEvents);
  }

  cancelTransfer(j: number, by: string) {
    const state = this.transfers[j]!;
    const before = availableBalance(this.from);
    const plan = refusedOr(() => decideCancelTransfer(state, by, now), state.status, by);
    if (!plan) return;
    plan.accountCommands.forEach((c) => this.apply('from', c));
    this.transfers[j] = evolve(transferAggregate, state, plan.events);
    expect(availableBalance(this.from) - before).toBe(plan.returnedCents);
    expect(plan.returnedCents).toBe(state.transfer!.amount + FEE);
  }

  /** What is held on the sender's account is exactly what is still pending. */
  pendingHeld() {
    const payments = this.payments
      .filter((s) => s.status === 'pending')
      .reduce((sum, s) => sum + s.payment!.amount, 0);
    const transfers = this.transfers
      .filter((s) => s.status === 'pending')
      .reduce((sum, s) => sum + s.transfer!.amount + s.transfer!.fee, 0);
    return payments + transfers;
  }
}

/** A refusal must be the right one: 404 for someone else's, 409 once it is no longer pending. */
function refusedOr<T>(decide: () => T, status: string, by: string): T | undefined {
  try {
    const plan = decide();
    expect(by).toBe(sender);
    expect(status).toBe('pending');
    return plan;
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    const reason = (error as DomainError).reason;
    if (by !== sender) expect(reason).toBe('not_found');
    else {
      expect(status).not.toBe('pending');
      expect(reason).toBe(NOT_CANCELLABLE);
    }
    return undefined;
  }
}

/** A small deterministic generator, so a failing sequence can be replayed from its seed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

describe('cancelling what is pending', () => {
  it('random sends, claims, cancels, expiries and settlements never create or destroy money', () => {
    for (let seed = 1; seed <= 300; seed += 1) {
      const pick = rng(seed);
      const w = new World();
      for (let step = 0; step < 40; step += 1) {
        const p = w.payments.length;
        const t = w.transfers.length;
        switch (pick(9)) {
          case 0:
            w.sendZelle(1 + pick(200_00));
            break;
          case 1:
            w.sendTransfer(5_00 + pick(300_00));
            break;
          case 2:
            if (p) w.claim(pick(p));
            break;
          case 3:
            if (p) w.cancelPayment(pick(p), sender);
            break;
          case 4:
            if (p) w.expire(pick(p));
            break;
          case 5:
            if (t) w.settle(pick(t), pick(4) > 0);
            break;
          case 6:
            if (t) w.cancelTransfer(pick(t), sender);
            break;
          case 7:
            if (p) w.cancelPayment(pick(p), stranger);
            break;
          default:
            if (t) w.cancelTransfer(pick(t), stranger);
        }
        expect(w.total(), `seed ${seed} step ${step}`).toBe(START);
        expect(availableBalance(w.from)).toBeGreaterThanOrEqual(0);
        expect(w.from.balance - availableBalance(w.from)).toBe(w.pendingHeld());
      }
    }
  });

  it('a payment claimed first cannot be cancelled, and one cancelled first cannot be claimed', () => {
    const claimedFirst = new World();
    claimedFirst.sendZelle(40_00);
    claimedFirst.claim(0);
    expect(() => decideCancelZellePayment(claimedFirst.payments[0]!, sender, now)).toThrow(
      'This payment was already delivered and can no longer be cancelled.',
    );
    const cancelledFirst = new World();
    cancelledFirst.sendZelle(40_00);
    cancelledFirst.cancelPayment(0, sender);
    cancelledFirst.claim(0);
    expect(cancelledFirst.to.balance).toBe(0);
    expect(cancelledFirst.from.balance).toBe(START);
    expect(availableBalance(cancelledFirst.from)).toBe(START);
  });

  it('a settled transfer answers that it can no longer be cancelled', () => {
    const w = new World();
    w.sendTransfer(100_00);
    w.settle(0, true);
    expect(() => decideCancelTransfer(w.transfers[0]!, sender, now)).toThrow(
      'This transfer has already settled and can no longer be cancelled.',
    );
    const cancelled = new World();
    cancelled.sendTransfer(100_00);
    cancelled.cancelTransfer(0, sender);
    // The settlement job finds nothing left to settle.
    expect(decideSettlement(cancelled.transfers[0]!, { ok: true }, now).accountCommands).toEqual(
      [],
    );
  });

  it('a request is cancelled by its requester only, while unanswered; then it cannot be paid', () => {
    const request = evolve(requestAggregate, requestAggregate.initial(), [
      ZelleRequestCreated.create({
        requestId: randomUUID(),
        requesterCustomerId: sender,
        requesterName: 'Maya',
        requesterAccountId: randomUUID(),
        payerCustomerId: recipient,
        payerName: 'Sam',
        payerContact: { kind: 'email', value: 'sam@example.com' },
        amount: 12_00,
        memo: '',
        reference: 'ZRQ-1',
        createdAt: now.toISOString(),
      }),
    ]);
    expect(() => decideCancelZelleRequest(request, recipient, now)).toThrow(
      'The requested resource was not found.',
    );
    const plan = decideCancelZelleRequest(request, sender, now);
    expect(plan.events).toMatchObject([{ type: 'ZelleRequestCancelled' }]);
    const cancelled = evolve(requestAggregate, request, plan.events);
    expect(() => decideCancelZelleRequest(cancelled, sender, now)).toThrow(
      'This request was already cancelled.',
    );
    expect(() =>
      decideRequest(
        { type: 'Pay', payerCustomerId: recipient, paymentId: randomUUID(), now },
        cancelled,
      ),
    ).toThrow('This request was already cancelled.');
  });
});
