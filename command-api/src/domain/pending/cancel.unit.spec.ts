import { randomUUID } from 'node:crypto';
import { ZelleRequestCreated } from '@bank/events';
import { describe, expect, it } from 'vitest';
import { availableBalance } from '../account/account.ts';
import { decideSettlement } from '../transfers/transfer.ts';
import { decideRequest } from '../zelle/zelle.ts';
import { now, recipient, requests, sender, START, stranger, World } from './cancel-world.ts';

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
        expect(availableBalance(w.from.state)).toBeGreaterThanOrEqual(0);
        expect(w.from.state.balance - availableBalance(w.from.state)).toBe(w.pendingHeld());
      }
    }
  });

  it('a payment claimed first cannot be cancelled, and one cancelled first cannot be claimed', () => {
    const claimedFirst = new World();
    claimedFirst.sendZelle(40_00);
    claimedFirst.claim(0);
    claimedFirst.payments[0]!.when(sender).thenRefuses(
      'This payment was already delivered and can no longer be cancelled.',
    );
    const cancelledFirst = new World();
    cancelledFirst.sendZelle(40_00);
    cancelledFirst.cancelPayment(0, sender);
    cancelledFirst.claim(0);
    expect(cancelledFirst.to.state.balance).toBe(0);
    expect(cancelledFirst.from.state.balance).toBe(START);
    expect(availableBalance(cancelledFirst.from.state)).toBe(START);
  });

  it('a settled transfer answers that it can no longer be cancelled', () => {
    const w = new World();
    w.sendTransfer(100_00);
    w.settle(0, true);
    w.transfers[0]!.when(sender).thenRefuses(
      'This transfer has already settled and can no longer be cancelled.',
    );
    const cancelled = new World();
    cancelled.sendTransfer(100_00);
    cancelled.cancelTransfer(0, sender);
    // The settlement job finds nothing left to settle.
    expect(
      decideSettlement(cancelled.transfers[0]!.state, { ok: true }, now).accountCommands,
    ).toEqual([]);
  });

  it('a request is cancelled by its requester only, while unanswered; then it cannot be paid', () => {
    const request = requests.given(
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
    );
    request.when(recipient).thenThrows('The requested resource was not found.');
    const events = request.when(sender).then([{ type: 'ZelleRequestCancelled' }]);
    const cancelled = request.and(...events);
    cancelled.when(sender).thenThrows('This request was already cancelled.');
    expect(() =>
      decideRequest(
        { type: 'Pay', payerCustomerId: recipient, paymentId: randomUUID(), now },
        cancelled.state,
      ),
    ).toThrow('This request was already cancelled.');
  });
});
