import { randomUUID } from 'node:crypto';
import {
  AccountCredited,
  AccountOpened,
  TransferInitiated,
  ZellePaymentClaimed,
  ZellePaymentReturned,
  ZellePaymentSent,
} from '@bank/events';
import { expect } from 'vitest';
import { DomainError } from '../../kernel/aggregate.ts';
import { deciderSpecification } from '../../kernel/decider-specification.ts';
import {
  accountAggregate,
  availableBalance,
  decideAccount,
  type AccountCommand,
} from '../account/account.ts';
import { decideSettlement, transferAggregate, type TransferState } from '../transfers/transfer.ts';
import {
  paymentAggregate,
  requestAggregate,
  type PaymentState,
  type RequestState,
} from '../zelle/zelle.ts';
import {
  NOT_CANCELLABLE,
  decideCancelTransfer,
  decideCancelZellePayment,
  decideCancelZelleRequest,
} from './cancel.ts';

/**
 * Test support for the cancellation specs: the books of one sender and one recipient, moved by the
 * pure deciders as the services would, each stream's history folded by its own aggregate.
 */
export const sender = randomUUID();
export const stranger = randomUUID();
export const recipient = randomUUID();
export const now = new Date('2026-11-24T15:00:00Z');
export const START = 1_000_00;
export const FEE = 3_00;

/** Each stream's history, built up event by event; a cancellation is decided by who asks. */
const account = deciderSpecification(accountAggregate, decideAccount);
const payments = deciderSpecification(
  paymentAggregate,
  (by: string, state: PaymentState) => decideCancelZellePayment(state, by, now).events,
);
const transfers = deciderSpecification(
  transferAggregate,
  (by: string, state: TransferState) => decideCancelTransfer(state, by, now).events,
);
export const requests = deciderSpecification(
  requestAggregate,
  (by: string, state: RequestState) => decideCancelZelleRequest(state, by, now).events,
);
type Stream<Spec extends { given: (...events: never[]) => unknown }> = ReturnType<Spec['given']>;

/** A new checking account of the customer's, holding `balance` paid in from outside the books. */
function opened(customerId: string, balance: number): Stream<typeof account> {
  const accountId = randomUUID();
  const history = account.given(
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
  );
  if (balance === 0) return history;
  return history.and(
    AccountCredited.create({
      accountId,
      entryId: randomUUID(),
      amount: balance,
      description: 'Opening deposit',
      kind: 'opening',
      contra: 'cash:teller',
      reference: 'OPEN-1',
    }),
  );
}

/** The books of one sender, one recipient and the bank's clearing and fee income. */
export class World {
  from = opened(sender, START);
  to = opened(recipient, 0);
  clearing = 0;
  fees = 0;
  payments: Stream<typeof payments>[] = [];
  transfers: Stream<typeof transfers>[] = [];
  releasedHolds = new Set<string>();

  private apply(who: 'from' | 'to', command: AccountCommand) {
    const events = decideAccount(command, this[who].state);
    for (const e of events) {
      if (e.type === 'HoldReleased') {
        expect(this.releasedHolds.has(e.data.holdId)).toBe(false);
        this.releasedHolds.add(e.data.holdId);
      }
    }
    this[who] = this[who].and(...events);
  }

  total() {
    return this.from.state.balance + this.to.state.balance + this.clearing + this.fees;
  }

  sendZelle(amount: number) {
    if (availableBalance(this.from.state) < amount) return;
    const paymentId = randomUUID();
    const holdId = randomUUID();
    this.apply('from', {
      type: 'Hold',
      hold: {
        accountId: this.from.state.accountId,
        holdId,
        amount,
        description: 'Zelle payment to Newcomer',
        kind: 'zelle',
        reference: 'ZEL-1',
      },
    });
    this.payments.push(
      payments.given(
        ZellePaymentSent.create({
          paymentId,
          senderCustomerId: sender,
          senderName: 'Maya',
          fromAccountId: this.from.state.accountId,
          recipientName: 'Newcomer',
          recipientContact: { kind: 'email', value: 'new@example.com' },
          amount,
          memo: '',
          reference: 'ZEL-1',
          status: 'pending',
          holdId,
          sentAt: now.toISOString(),
        }),
      ),
    );
  }

  /** As the claim service: only a payment still pending is claimed. */
  claim(i: number) {
    const payment = this.payments[i]!;
    if (payment.state.status !== 'pending') return;
    const p = payment.state.payment!;
    const common = { entryId: p.holdId!, amount: p.amount, kind: 'zelle', reference: p.reference };
    const contra = `account:${this.to.state.accountId}`;
    this.apply('from', {
      type: 'CaptureHold',
      posting: {
        ...common,
        holdId: p.holdId!,
        accountId: this.from.state.accountId,
        description: 'x',
        contra,
      },
    });
    this.apply('to', {
      type: 'Credit',
      posting: { ...common, accountId: this.to.state.accountId, description: 'x', contra },
    });
    this.payments[i] = payment.and(
      ZellePaymentClaimed.create({
        paymentId: p.paymentId,
        senderCustomerId: sender,
        recipientCustomerId: recipient,
        recipientAccountId: this.to.state.accountId,
        recipientName: 'Newcomer',
        amount: p.amount,
        claimedAt: now.toISOString(),
      }),
    );
  }

  /** As the expiry job: only a payment still pending goes back. */
  expire(i: number) {
    const payment = this.payments[i]!;
    if (payment.state.status !== 'pending') return;
    const p = payment.state.payment!;
    this.apply('from', { type: 'ReleaseHold', holdId: p.holdId!, reason: 'Not claimed' });
    this.payments[i] = payment.and(
      ZellePaymentReturned.create({
        paymentId: p.paymentId,
        senderCustomerId: sender,
        recipientName: 'Newcomer',
        amount: p.amount,
        reason: 'Not claimed',
        returnedAt: now.toISOString(),
      }),
    );
  }

  cancelPayment(i: number, by: string) {
    const payment = this.payments[i]!;
    const before = availableBalance(this.from.state);
    const plan = refusedOr(
      () => decideCancelZellePayment(payment.state, by, now),
      payment.state.status,
      by,
    );
    if (!plan) return;
    plan.accountCommands.forEach((c) => this.apply('from', c));
    this.payments[i] = payment.and(...plan.events);
    expect(availableBalance(this.from.state) - before).toBe(payment.state.payment!.amount);
  }

  sendTransfer(amount: number) {
    if (availableBalance(this.from.state) < amount + FEE) return;
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
          accountId: this.from.state.accountId,
          holdId: id,
          amount: held,
          description: 'Transfer',
          kind: 'external-bank',
          reference: 'EXT-1',
        },
      });
    }
    this.transfers.push(
      transfers.given(
        TransferInitiated.create({
          transferId,
          customerId: sender,
          type: 'external-bank',
          status: 'pending',
          fromAccountId: this.from.state.accountId,
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
      ),
    );
  }

  settle(j: number, ok: boolean) {
    const transfer = this.transfers[j]!;
    const plan = decideSettlement(transfer.state, ok ? { ok } : { ok, reason: 'rejected' }, now);
    for (const command of plan.accountCommands) {
      if (command.type === 'CaptureHold') {
        if (command.posting.kind === 'fee') this.fees += command.posting.amount;
        else this.clearing += command.posting.amount;
      }
      this.apply('from', command);
    }
    this.transfers[j] = transfer.and(...plan.transferEvents);
  }

  cancelTransfer(j: number, by: string) {
    const transfer = this.transfers[j]!;
    const before = availableBalance(this.from.state);
    const plan = refusedOr(
      () => decideCancelTransfer(transfer.state, by, now),
      transfer.state.status,
      by,
    );
    if (!plan) return;
    plan.accountCommands.forEach((c) => this.apply('from', c));
    this.transfers[j] = transfer.and(...plan.events);
    expect(availableBalance(this.from.state) - before).toBe(plan.returnedCents);
    expect(plan.returnedCents).toBe(transfer.state.transfer!.amount + FEE);
  }

  /** What is held on the sender's account is exactly what is still pending. */
  pendingHeld() {
    const payments = this.payments
      .map((p) => p.state)
      .filter((s) => s.status === 'pending')
      .reduce((sum, s) => sum + s.payment!.amount, 0);
    const transfers = this.transfers
      .map((t) => t.state)
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
