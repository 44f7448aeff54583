import { createHmac, randomUUID } from 'node:crypto';
import { BANK_ROUTING_NUMBER, OWN_ROUTING_NUMBER_MESSAGE } from '@bank/contracts';
import { RecipientSaved } from '@bank/events';
import { DomainError } from '../../kernel/aggregate.ts';
import { Prng } from '@bank/infra/testing';
import { describe, expect, it } from 'vitest';
import {
  KEYED_HASH_PREFIX,
  NEW_DESTINATION_MESSAGE,
  decideFirstPayment,
  decidePaymentToDestination,
  destinationHashes,
  destinationKeyOf,
  isKnownDestination,
  requireAnotherBank,
  type DestinationHashes,
} from './destinations.ts';
import {
  decideRemoveRecipient,
  decideSaveRecipient,
  recipientsAggregate,
  type RecipientsState,
} from './recipients.ts';

const customerId = '00000000-0000-4000-8000-000000000001';
/** This bank's routing number, as the deciders are given it. */
const BANK = BANK_ROUTING_NUMBER;
const mac = (text: string) => createHmac('sha256', 'test key').update(text).digest('hex');
const hashes = (key: string) => destinationHashes(key, mac);
const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const t0 = Date.parse('2031-05-01T12:00:00.000Z');
const at = (ms: number) => new Date(ms);

/** The address book's own events, folded onto a state. */
const apply = (
  state: RecipientsState,
  events: readonly Parameters<typeof recipientsAggregate.evolve>[1][],
) => events.reduce((s, e) => recipientsAggregate.evolve(s, e), state);

function recipient(savedAt: number, last4 = '6789') {
  return {
    customerId,
    recipientId: randomUUID(),
    kind: 'external-bank' as const,
    nickname: 'Landlord',
    recipientName: 'Pat Doe',
    bankName: 'Other Bank',
    accountEncrypted: 'sealed',
    accountLast4: last4,
    routingNumber: '021000021',
    savedAt: new Date(savedAt).toISOString(),
  };
}

/** A recipient as address books recorded it before the hash was keyed: a bare SHA-256. */
function savedLegacy(state: RecipientsState, d: DestinationHashes, savedAt: number) {
  return apply(state, [
    RecipientSaved.create({ ...recipient(savedAt), destinationHash: d.legacy }),
  ]);
}

function pay(state: RecipientsState, d: DestinationHashes, amountCents: number, now: number) {
  return decidePaymentToDestination(state, d, {
    customerId,
    transferId: randomUUID(),
    amountCents,
    now: at(now),
  });
}

const empty = recipientsAggregate.initial();
const landlord = hashes('021000021:123456789');

describe('a new destination', () => {
  it('holds an account typed in and never paid to $1,000.00 per transfer, and says why', () => {
    expect(NEW_DESTINATION_MESSAGE).toBe(
      'Transfers to a new account are limited to $1,000.00 each until 3 days after you first save it or send it money.',
    );
    expect(() => pay(empty, landlord, 1_000_01, t0)).toThrow(
      expect.objectContaining({ message: NEW_DESTINATION_MESSAGE, field: 'amount' }),
    );
    const first = pay(empty, landlord, 1_000_00, t0);
    expect(first).toEqual([
      expect.objectContaining({
        type: 'DestinationFirstPaid',
        data: expect.objectContaining({
          destinationHash: landlord.keyed,
          paidAt: at(t0).toISOString(),
        }),
      }),
    ]);
    expect(landlord.keyed.startsWith(KEYED_HASH_PREFIX)).toBe(true);
  });

  it('is known 3 days after its first payment, which is recorded once', () => {
    const paid = apply(empty, pay(empty, landlord, 50_00, t0));
    expect(() => pay(paid, landlord, 5_000_00, t0 + 3 * DAY - 1)).toThrow(NEW_DESTINATION_MESSAGE);
    expect(pay(paid, landlord, 1_000_00, t0 + DAY)).toEqual([]);
    expect(pay(paid, landlord, 5_000_00, t0 + 3 * DAY)).toEqual([]);
    // Another account stays new.
    expect(() => pay(paid, hashes('021000021:999'), 5_000_00, t0 + 9 * DAY)).toThrow(
      NEW_DESTINATION_MESSAGE,
    );
  });

  it('is known 3 days after it was saved, while it stays saved', () => {
    const [saved] = decideSaveRecipient(empty, recipient(t0), landlord, BANK);
    expect(saved!.data.destinationHash).toBe(landlord.keyed);
    const book = apply(empty, [saved!]);
    expect(() => pay(book, landlord, 1_000_01, t0 + 3 * DAY - 1000)).toThrow(
      NEW_DESTINATION_MESSAGE,
    );
    expect(() => pay(book, landlord, 5_000_00, t0 + 3 * DAY)).not.toThrow();
    const removed = apply(book, decideRemoveRecipient(book, saved!.data.recipientId));
    expect(() => pay(removed, landlord, 5_000_00, t0 + 9 * DAY)).toThrow(NEW_DESTINATION_MESSAGE);
  });

  it('is known (no step-up to pay it) once saved or paid, at once; unknown again once removed unpaid', () => {
    expect(isKnownDestination(empty, landlord)).toBe(false);
    const paid = apply(empty, pay(empty, landlord, 50_00, t0));
    expect(isKnownDestination(paid, landlord)).toBe(true);
    expect(isKnownDestination(paid, hashes('021000021:999'))).toBe(false);
    const [saved] = decideSaveRecipient(empty, recipient(t0), landlord, BANK);
    const book = apply(empty, [saved!]);
    expect(isKnownDestination(book, landlord)).toBe(true);
    expect(isKnownDestination(savedLegacy(empty, landlord, t0), landlord)).toBe(true);
    const removed = apply(book, decideRemoveRecipient(book, saved!.data.recipientId));
    expect(isKnownDestination(removed, landlord)).toBe(false);
  });

  it('keys a Zelle contact apart from every account, and records its first payment once', () => {
    const key = destinationKeyOf({
      type: 'zelle',
      contact: { kind: 'email', value: 'sam@example.com' },
    });
    expect(key).toBe('zelle:email:sam@example.com');
    const sam = hashes(key);
    const first = decideFirstPayment(empty, sam, {
      customerId,
      transferId: randomUUID(),
      now: at(t0),
    });
    expect(first.map((e) => e.data.destinationHash)).toEqual([sam.keyed]);
    const known = apply(empty, first);
    expect(isKnownDestination(known, sam)).toBe(true);
    expect(
      decideFirstPayment(known, sam, { customerId, transferId: randomUUID(), now: at(t0) }),
    ).toEqual([]);
  });

  it('matches address books saved before the hash was keyed, and never writes that form', () => {
    const book = savedLegacy(empty, landlord, t0);
    expect(() => pay(book, landlord, 1_000_01, t0 + DAY)).toThrow(NEW_DESTINATION_MESSAGE);
    const events = pay(book, landlord, 5_000_00, t0 + 3 * DAY);
    expect(events.map((e) => e.data.destinationHash)).toEqual([landlord.keyed]);
    // The same account cannot be saved a second time under the keyed form.
    expect(() => decideSaveRecipient(book, recipient(t0 + DAY), landlord, BANK)).toThrow(
      'This account is already in your saved recipients.',
    );
  });

  it('holds over 500 random sequences of saves, removals, payments and time', () => {
    const keys = ['021000021:123456789', '021000021:555', 'iban:DE89370400440532013000'];
    for (let seed = 1; seed <= 500; seed += 1) {
      const rng = new Prng(seed);
      let state = recipientsAggregate.initial();
      let now = t0;
      // The model: per destination, when each present save happened and the first payment.
      const saves = new Map<string, Map<string, number>>(keys.map((k) => [k, new Map()]));
      const firstPaid = new Map<string, number>();
      for (let step = 0; step < 40; step += 1) {
        // Whole hours, so that exactly 3 days after a save or payment comes up often.
        now += rng.int(0, 48) * HOUR;
        const key = rng.pick(keys);
        const d = hashes(key);
        const context = `seed ${seed} step ${step} ${key}`;
        const present = saves.get(key)!;
        const action = rng.weighted([
          ['save', 2],
          ['save-legacy', 1],
          ['remove', 1],
          ['pay', 5],
        ] as const);
        if (action === 'save' || action === 'save-legacy') {
          if (present.size > 0) {
            expect(() => decideSaveRecipient(state, recipient(now), d, BANK), context).toThrow();
            continue;
          }
          if (action === 'save') {
            const events = decideSaveRecipient(state, recipient(now), d, BANK);
            state = apply(state, events);
            present.set(events[0]!.data.recipientId, now);
          } else {
            state = savedLegacy(state, d, now);
            const ids = Object.keys(state.recipients).filter((id) => !isPresent(saves, id));
            present.set(ids[0]!, now);
          }
        } else if (action === 'remove') {
          const id = [...present.keys()][0];
          if (id === undefined) continue;
          state = apply(state, decideRemoveRecipient(state, id));
          present.delete(id);
        } else {
          const amount = rng.pick([rng.int(1, 1_000_00), rng.int(1_000_01, 10_000_00)]);
          const known = Math.min(...present.values(), firstPaid.get(key) ?? Infinity);
          const allowed = amount <= 1_000_00 || known <= now - 3 * DAY;
          if (!allowed) {
            expect(() => pay(state, d, amount, now), context).toThrow(NEW_DESTINATION_MESSAGE);
            continue;
          }
          const events = pay(state, d, amount, now);
          if (firstPaid.has(key)) expect(events, context).toEqual([]);
          else {
            expect(
              events.map((e) => e.data),
              context,
            ).toEqual([
              expect.objectContaining({ destinationHash: d.keyed, paidAt: at(now).toISOString() }),
            ]);
            firstPaid.set(key, now);
          }
          state = apply(state, events);
        }
      }
    }
  });
});

/** The refusal a decider throws, as the client is answered: its reason, field and message. */
function refusal(decide: () => unknown) {
  try {
    decide();
  } catch (error) {
    if (error instanceof DomainError) {
      return { reason: error.reason, field: error.field, message: error.message };
    }
    throw error;
  }
  return undefined;
}

describe('an account "at another bank" with this bank\'s own routing number', () => {
  const own = {
    reason: 'invalid_recipient',
    field: 'routingNumber',
    message: OWN_ROUTING_NUMBER_MESSAGE,
  };

  it('is refused on the routing number for an external transfer and a domestic wire', () => {
    const external = { type: 'external-bank', routingNumber: BANK, accountNumber: '100000000123' };
    expect(refusal(() => requireAnotherBank(external, BANK))).toEqual(own);
    const wire = { type: 'domestic-wire', routingNumber: BANK, accountNumber: '100000000123' };
    expect(refusal(() => requireAnotherBank(wire, BANK))).toEqual(own);
    // The message tells the customer which of the transfer page's types reaches the account.
    expect(OWN_ROUTING_NUMBER_MESSAGE).toBe(
      'This is Harborview Community Bank’s routing number. To pay someone who banks with us, choose “To Another Customer”; to move money between your own accounts, choose “Between My Accounts”.',
    );
  });

  it("passes another bank's routing number and destinations without one", () => {
    expect(
      refusal(() =>
        requireAnotherBank({ type: 'external-bank', routingNumber: '021000021' }, BANK),
      ),
    ).toBeUndefined();
    expect(refusal(() => requireAnotherBank({ type: 'sepa' }, BANK))).toBeUndefined();
    expect(refusal(() => requireAnotherBank({ type: 'between-accounts' }, BANK))).toBeUndefined();
    // The bank's number is the one it is configured with, not a number written into the rule.
    expect(
      refusal(() =>
        requireAnotherBank({ type: 'external-bank', routingNumber: BANK }, '021000021'),
      ),
    ).toBeUndefined();
    expect(
      refusal(() =>
        requireAnotherBank({ type: 'external-bank', routingNumber: '021000021' }, '021000021'),
      ),
    ).toEqual(own);
  });

  it('is not saved as a recipient, before any other check', () => {
    const ours = { ...recipient(t0), routingNumber: BANK };
    const d = hashes(`${BANK}:100000000123`);
    expect(refusal(() => decideSaveRecipient(empty, ours, d, BANK))).toEqual(own);
    const book = savedLegacy(empty, d, t0);
    expect(refusal(() => decideSaveRecipient(book, ours, d, BANK))).toEqual(own);
    // Another bank's account saves as before.
    expect(decideSaveRecipient(empty, recipient(t0), landlord, BANK)).toHaveLength(1);
  });
});

function isPresent(saves: Map<string, Map<string, number>>, id: string): boolean {
  return [...saves.values()].some((present) => present.has(id));
}
