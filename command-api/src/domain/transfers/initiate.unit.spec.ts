import {
  AccountClosed,
  AccountCredited,
  AccountOpened,
  moneyStreams,
  RecipientSaved,
  streams,
} from '@bank/events';
import { describe, expect, it } from 'vitest';
import {
  deciderSpecification,
  plannedEvent,
  stateAfter,
} from '../../kernel/decider-specification.ts';
import { accountAggregate, type AccountEvent } from '../account/account.ts';
import { decideTransfer, type TransferRequest } from './initiate.ts';
import { INVALID_RECIPIENT, RECIPIENT_NOT_FOUND } from './posting.ts';
import { DAILY_LIMITS, activityAggregate, decideMovement } from './limits.ts';
import { destinationHashes } from './destinations.ts';
import { recipientsAggregate } from './recipients.ts';
import { TRANSFER_FEES, transferAggregate } from './transfer.ts';

const customerId = '4b6c2f0a-1e2d-4c3b-8a9f-5e6d7c8b9a02';
const other = '5c7d3a1b-2f3e-4d4c-9b0a-6f7e8d9c0b13';
const fromId = '0d9a3d5e-7f62-4d3e-9b1c-3f2a7c1d0e01';
const savingsId = '1e0b4e6f-8073-4e4f-8c2d-4a3b8d2e1f02';
const theirsId = '2f1c5f70-9184-4f50-9d3e-5b4c9e3f2a03';
const now = new Date('2026-11-23T16:00:00Z');
const ids = {
  transferId: '7a1c2d3e-4f50-4617-8a9b-0c1d2e3f4a5b',
  entryId: '88888888-8888-4888-8888-888888888888',
  holdId: '11111111-1111-4111-8111-111111111111',
  feeHoldId: '22222222-2222-4222-8222-222222222222',
};

/** Given these events on the account, its state. */
const given = (...events: AccountEvent[]) => stateAfter(accountAggregate, ...events);
const activity = deciderSpecification(activityAggregate, decideMovement);
const opened = (accountId: string, owner: string, name: string) =>
  AccountOpened.create({
    accountId,
    customerId: owner,
    accountNumber: `10000000000${accountId.slice(0, 1)}`,
    routingNumber: '021000021',
    name,
    type: 'checking',
    productCode: 'checking',
    currency: 'USD',
  });
const deposit = (accountId: string, amount: number) =>
  AccountCredited.create({
    accountId,
    entryId: crypto.randomUUID(),
    amount,
    description: 'Deposit',
    kind: 'deposit',
    contra: 'cash:teller',
    reference: 'DEP-1',
  });
const noActivity = activity.given().state;

const from = given(opened(fromId, customerId, 'Everyday Checking'), deposit(fromId, 500_00));
const loaded = {
  from,
  senderName: 'Maya Chen',
  activity: noActivity,
  transfer: transferAggregate.initial(),
  now,
  settlementDelayMs: undefined,
  ids,
};
const request = (destination: TransferRequest['destination'], amountCents = 100_00) => ({
  customerId,
  fromAccountId: fromId,
  amountCents,
  memo: 'Rent',
  destination,
  checkDuplicate: true,
});
const external = {
  type: 'external-bank' as const,
  recipientName: 'Alex Kim',
  bankName: 'First National',
  accountNumber: '123456789',
  routingNumber: '021000021',
};
const sepa = {
  type: 'sepa' as const,
  recipientName: 'Lena Vogel',
  iban: 'DE89370400440532013000',
  bankName: 'Commerzbank',
  country: 'DE',
  purposeOfPayment: 'family',
};
const sameBank = {
  type: 'same-bank' as const,
  contact: { kind: 'email' as const, value: 'sam@example.com' },
  contactField: 'recipientEmail' as const,
};
const mac = (text: string) => `mac(${text})`;
const externalHashes = destinationHashes('021000021:123456789', mac);
const sam = { customerId: other, name: 'Sam Lee', depositAccountId: theirsId };
const samsAccount = given(opened(theirsId, other, 'Checking'));
/** Sam found, his account, and an address book that never paid him. */
const toSam = {
  recipient: sam,
  to: samsAccount,
  recipients: recipientsAggregate.initial(),
  destination: destinationHashes(`customer:${other}`, mac),
};

const shape = (plan: ReturnType<typeof decideTransfer>) =>
  plan.appends.map((a) => [a.stream, a.expect, a.events.map((e) => e.type)]);

describe('starting a transfer', () => {
  it('between own accounts: debits and credits at once, counts it, completed', () => {
    const to = given(opened(savingsId, customerId, 'Savings'));
    const plan = decideTransfer(request({ type: 'between-accounts', toAccountId: savingsId }), {
      ...loaded,
      to,
    });
    expect(shape(plan)).toEqual([
      [streams.account(fromId), 'read', ['AccountDebited']],
      [streams.account(savingsId), 'open', ['AccountCredited']],
      [moneyStreams.activity(customerId), 'read', ['MoneyMovementRecorded']],
      [moneyStreams.transfer(ids.transferId), 'new', ['TransferInitiated']],
    ]);
    expect(plan.transfer).toMatchObject({
      status: 'completed',
      fee: 0,
      description: 'Transfer to Savings',
      recipientName: 'Maya Chen',
    });
    expect(plan.message).toBe('Transfer completed successfully');
    expect(plan.availableAfter).toBe(400_00);
  });

  it('to another customer of the bank', () => {
    const plan = decideTransfer(request(sameBank), { ...loaded, ...toSam });
    expect(shape(plan).map(([stream]) => stream)).toEqual([
      streams.account(fromId),
      streams.account(theirsId),
      // His first payment: known from now on.
      streams.savedRecipients(customerId),
      moneyStreams.activity(customerId),
      moneyStreams.transfer(ids.transferId),
    ]);
    expect(plan.transfer).toMatchObject({
      recipientCustomerId: other,
      description: 'Transfer to Sam Lee',
      destination: { recipientContact: 'sam@example.com' },
    });
  });

  it("to another customer's closed account: not found, and the credit's append checks for a close", () => {
    const closed = given(
      opened(theirsId, other, 'Checking'),
      AccountClosed.create({ accountId: theirsId, customerId: other, reason: 'owner_erased' }),
    );
    // Told as a recipient no longer found, as once their erasure is done: not that it closed.
    expect(() => decideTransfer(request(sameBank), { ...loaded, ...toSam, to: closed })).toThrow(
      expect.objectContaining({ reason: INVALID_RECIPIENT, message: RECIPIENT_NOT_FOUND }),
    );
    // Decided on an open account, the credit waits for no version, only for its not being closed.
    const plan = decideTransfer(request(sameBank), { ...loaded, ...toSam });
    expect(plan.appends.find((a) => a.stream === streams.account(theirsId))?.expect).toBe('open');
  });

  it('external: holds the amount and the fee, pending, and takes both from the balance', () => {
    const fee = TRANSFER_FEES['external-bank'];
    const plan = decideTransfer(request(external), {
      ...loaded,
      recipients: recipientsAggregate.initial(),
      destination: externalHashes,
      accountEncrypted: 'sealed',
    });
    expect(shape(plan)).toEqual([
      [streams.account(fromId), 'read', ['FundsHeld', 'FundsHeld']],
      [streams.savedRecipients(customerId), 'read', ['DestinationFirstPaid']],
      [moneyStreams.activity(customerId), 'read', ['MoneyMovementRecorded']],
      [moneyStreams.transfer(ids.transferId), 'new', ['TransferInitiated']],
    ]);
    expect(plan.appends[0]!.events.map((e) => e.data)).toMatchObject([
      { holdId: ids.holdId, amount: 100_00, kind: 'external-bank' },
      { holdId: ids.feeHoldId, amount: fee, kind: 'fee', description: 'External transfer fee' },
    ]);
    expect(plan.transfer).toMatchObject({
      status: 'pending',
      fee,
      description: 'Transfer to Alex Kim at First National (****6789)',
      destination: { accountEncrypted: 'sealed', accountLast4: '6789' },
    });
    expect(plan.availableAfter).toBe(500_00 - 100_00 - fee);
    expect(plan.appends[1]!.events[0]!.data).toEqual({
      customerId,
      destinationHash: externalHashes.keyed,
      transferId: ids.transferId,
      paidAt: now.toISOString(),
    });

    // A destination already paid is not recorded again.
    const paidBefore = stateAfter(
      recipientsAggregate,
      plannedEvent(plan.appends[1]!.events[0]!, 'DestinationFirstPaid'),
    );
    const again = decideTransfer(request(external), {
      ...loaded,
      recipients: paidBefore,
      destination: externalHashes,
      accountEncrypted: 'sealed',
    });
    expect(again.appends.map((a) => a.stream)).not.toContain(streams.savedRecipients(customerId));
  });

  it('SEPA: the fee and the exchange rate, and a confirmed rate that no longer holds', () => {
    const base = {
      ...loaded,
      recipients: recipientsAggregate.initial(),
      destination: destinationHashes(`iban:${sepa.iban}`, mac),
      accountEncrypted: 'x',
    };
    const plan = decideTransfer(request(sepa), base);
    expect(plan.appends[0]!.events.map((e) => e.data)).toMatchObject([
      { kind: 'sepa', metadata: { exchange_rate: expect.any(String) } },
      { amount: TRANSFER_FEES.sepa, description: 'SEPA transfer fee' },
    ]);
    expect(plan.transfer.fx).toMatchObject({ targetCurrency: 'EUR' });
    expect(plan.message).toBe(
      'SEPA transfer initiated successfully. It will arrive the next business day.',
    );
    expect(() => decideTransfer(request({ ...sepa, quotedRate: '0.000001' }), base)).toThrow(
      expect.objectContaining({ reason: 'quote_expired' }),
    );
  });

  it('refuses more than the available balance, the fee included', () => {
    expect(() => decideTransfer(request(sameBank, 500_01), { ...loaded, ...toSam })).toThrow(
      expect.objectContaining({ reason: 'insufficient_funds', message: 'Insufficient funds' }),
    );
    expect(() =>
      decideTransfer(request(external, 500_00), {
        ...loaded,
        recipients: recipientsAggregate.initial(),
        destination: externalHashes,
        accountEncrypted: 'x',
      }),
    ).toThrow(expect.objectContaining({ reason: 'insufficient_funds' }));
  });

  it("refuses past the channel's daily limit and past the new-destination limit", () => {
    const rich = given(
      opened(fromId, customerId, 'Everyday Checking'),
      deposit(fromId, 100_000_00),
    );
    const sent = activity
      .given()
      .when({
        customerId,
        movementId: crypto.randomUUID(),
        category: 'same-bank',
        amount: DAILY_LIMITS['same-bank'],
        fingerprint: null,
        checkDuplicate: false,
        now,
      })
      .then([{ type: 'MoneyMovementRecorded' }]);
    const sentToday = activity.given(...sent).state;
    expect(() =>
      decideTransfer(request(sameBank, 1_00), {
        ...loaded,
        from: rich,
        ...toSam,
        activity: sentToday,
      }),
    ).toThrow(expect.objectContaining({ reason: 'daily_limit_exceeded' }));

    const savedYesterday = stateAfter(
      recipientsAggregate,
      RecipientSaved.create({
        customerId,
        recipientId: '00000000-0000-4000-8000-000000000002',
        kind: 'external-bank',
        nickname: 'Alex',
        recipientName: 'Alex Kim',
        bankName: 'First National',
        accountEncrypted: 'sealed',
        accountLast4: '6789',
        destinationHash: externalHashes.keyed,
        routingNumber: '021000021',
        savedAt: '2026-11-22T16:00:00.000Z',
      }),
    );
    expect(() =>
      decideTransfer(request(external, 1_000_01), {
        ...loaded,
        from: rich,
        recipients: savedYesterday,
        destination: externalHashes,
        accountEncrypted: 'x',
      }),
    ).toThrow(expect.objectContaining({ reason: 'daily_limit_exceeded', field: 'amount' }));
    // Typed in, never saved nor paid: the same limit.
    expect(() =>
      decideTransfer(request(external, 1_000_01), {
        ...loaded,
        from: rich,
        recipients: recipientsAggregate.initial(),
        destination: externalHashes,
        accountEncrypted: 'x',
      }),
    ).toThrow(expect.objectContaining({ reason: 'daily_limit_exceeded', field: 'amount' }));
  });

  it('refuses the same account, an unknown recipient and oneself', () => {
    expect(() =>
      decideTransfer(request({ type: 'between-accounts', toAccountId: fromId }), loaded),
    ).toThrow(
      expect.objectContaining({
        reason: 'same_account',
        message: 'Cannot transfer to the same account',
        field: 'toAccount',
      }),
    );
    expect(() => decideTransfer(request(sameBank), { ...loaded, recipient: undefined })).toThrow(
      expect.objectContaining({
        reason: 'invalid_recipient',
        message: 'Recipient not found',
        field: 'recipientEmail',
      }),
    );
    expect(() =>
      decideTransfer(request({ ...sameBank, recipientId: customerId }), {
        ...loaded,
        ...toSam,
      }),
    ).toThrow(expect.objectContaining({ message: 'Recipient not found' }));
    expect(() =>
      decideTransfer(request(sameBank), {
        ...loaded,
        recipient: { ...sam, customerId },
      }),
    ).toThrow(
      expect.objectContaining({
        message: 'You cannot send a transfer to yourself. Use a transfer between your accounts.',
      }),
    );
  });
});

describe('a domestic wire', () => {
  const wire = {
    type: 'domestic-wire' as const,
    recipientName: 'Alex Kim',
    bankName: 'First National',
    accountNumber: '123456789',
    routingNumber: '021000021',
    recipientAddress: '1 Main St, Springfield',
    purposeOfPayment: 'family',
  };
  const sendAt = (at: string) =>
    decideTransfer(request(wire), {
      ...loaded,
      now: new Date(at),
      recipients: recipientsAggregate.initial(),
      destination: destinationHashes('021000021:123456789', mac),
      accountEncrypted: 'sealed',
    });

  it('sent before the 4:00 PM ET cut-off on a business day arrives today', () => {
    // Tuesday 1 December 2026, 3:59 PM in New York.
    const plan = sendAt('2026-12-01T20:59:00Z');
    expect(plan.message).toBe('Wire transfer sent. It will arrive today.');
    expect(Date.parse(plan.transfer.settleAfter!)).toBe(Date.parse('2026-12-01T21:59:00Z'));
  });

  it('sent at the cut-off or later, on a weekend or a bank holiday, arrives the next business day, and says which', () => {
    const closed = '(after the 4:00 PM ET cut-off, or on a day banks are closed).';
    expect(sendAt('2026-12-01T21:00:00Z').message).toBe(
      `Wire transfer sent. It will arrive on Wednesday, December 2 ${closed}`,
    );
    // Saturday 5 December, morning.
    expect(sendAt('2026-12-05T15:00:00Z').message).toBe(
      `Wire transfer sent. It will arrive on Monday, December 7 ${closed}`,
    );
    // Christmas Day, a Friday.
    expect(sendAt('2026-12-25T15:00:00Z').message).toBe(
      `Wire transfer sent. It will arrive on Monday, December 28 ${closed}`,
    );
  });
});
