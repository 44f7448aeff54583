import { CardIssued, defaultCardSettings, formatUsd, type BankEvent } from '@bank/events';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../kernel/aggregate.ts';
import {
  cardAggregate,
  cardMessages,
  decideCard,
  MAX_DAILY_ATM_LIMIT,
  MAX_DAILY_PURCHASE_LIMIT,
  MAX_PIN_FAILURES,
  type CardCommand,
  type CardState,
} from './card.ts';

const cardId = '6f1c2b9e-3a4d-4e5f-8a7b-9c0d1e2f3a40';
const customerId = '4b6c2f0a-1e2d-4c3b-8a9f-5e6d7c8b9a02';
const accountId = '0d9a3d5e-7f62-4d3e-9b1c-3f2a7c1d0e01';

const issued = CardIssued.create({
  cardId,
  customerId,
  accountId,
  offerKind: 'debit',
  replacesCardId: null,
  cardName: 'Harborview Debit Card',
  cardType: 'debit',
  cardNetwork: 'visa',
  last4: '1234',
  numberEncrypted: 'v1:a:b:c',
  cvvEncrypted: 'v1:a:b:d',
  expiryDate: '03/30',
  deliveryAddress: '',
  expressDelivery: false,
  dailyAtmLimit: 500_00,
  dailyPurchaseLimit: 2_500_00,
  settings: defaultCardSettings,
});

function given(...events: { type: string; data: unknown }[]): CardState {
  return events.reduce(
    (state, e) => cardAggregate.evolve(state, e as BankEvent),
    cardAggregate.initial(),
  );
}

function refuses(command: CardCommand, state: CardState, message: string, field?: string) {
  try {
    decideCard(command, state);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).message).toBe(message);
    if (field) expect((error as DomainError).field).toBe(field);
    return;
  }
  throw new Error('expected the command to be refused');
}

const pin = (over: Partial<Extract<CardCommand, { type: 'SetPin' }>> = {}): CardCommand => ({
  type: 'SetPin',
  newPinHash: '$argon2id$new',
  currentPin: { supplied: false, valid: false },
  newPinSameAsCurrent: false,
  now: new Date('2026-03-01T12:00:00Z'),
  ...over,
});

describe('card decider', () => {
  it('issues a card once; a second application is refused', () => {
    expect(decideCard({ type: 'Issue', data: issued.data }, given())).toMatchObject([
      { type: 'CardIssued' },
    ]);
    refuses({ type: 'Issue', data: issued.data }, given(issued), cardMessages.alreadyApplied);
  });

  it('locks an active card and unlocks a locked one, refusing the same move twice', () => {
    const active = given(issued);
    const [locked] = decideCard({ type: 'Lock', reason: 'misplaced' }, active);
    expect(locked).toMatchObject({ type: 'CardLocked', data: { cardId, reason: 'misplaced' } });
    const lockedState = given(issued, locked!);
    expect(lockedState.status).toBe('locked');
    refuses({ type: 'Lock', reason: '' }, lockedState, cardMessages.alreadyLocked, 'action');
    refuses({ type: 'Unlock', reason: '' }, active, cardMessages.notLocked, 'action');
    expect(decideCard({ type: 'Unlock', reason: '' }, lockedState)).toMatchObject([
      { type: 'CardUnlocked' },
    ]);
  });

  it('deactivates a reported card for good: nothing but a replacement is possible', () => {
    const [reported] = decideCard(
      { type: 'ReportLostOrStolen', kind: 'stolen', description: 'bag stolen' },
      given(issued),
    );
    const state = given(issued, reported!);
    expect(state.status).toBe('stolen');
    refuses({ type: 'Lock', reason: '' }, state, cardMessages.reported);
    refuses({ type: 'Unlock', reason: '' }, state, cardMessages.reported);
    refuses(
      { type: 'ChangeSettings', settings: { contactlessEnabled: false } },
      state,
      cardMessages.reported,
    );
    refuses({ type: 'ChangeLimits', dailyAtmLimit: 100 }, state, cardMessages.reported);
    refuses(pin(), state, cardMessages.reported);
    refuses(
      { type: 'ReportLostOrStolen', kind: 'lost', description: '' },
      state,
      cardMessages.alreadyReported,
    );
  });

  it('a locked card can still be reported lost', () => {
    const locked = given(issued, ...decideCard({ type: 'Lock', reason: '' }, given(issued)));
    expect(
      decideCard({ type: 'ReportLostOrStolen', kind: 'lost', description: '' }, locked),
    ).toHaveLength(1);
  });

  it('changes only the settings given, and records nothing when nothing changes', () => {
    const state = given(issued);
    const [changed] = decideCard(
      { type: 'ChangeSettings', settings: { internationalTransactions: true } },
      state,
    );
    expect(changed).toMatchObject({
      data: { settings: { ...defaultCardSettings, internationalTransactions: true } },
    });
    expect(
      decideCard({ type: 'ChangeSettings', settings: { transactionAlerts: true } }, state),
    ).toEqual([]);
  });

  it('keeps limits within the maxima and fills in the one not given', () => {
    const state = given(issued);
    expect(decideCard({ type: 'ChangeLimits', dailyAtmLimit: 1000_00 }, state)).toMatchObject([
      { data: { dailyAtmLimit: 1000_00, dailyPurchaseLimit: 2_500_00 } },
    ]);
    expect(
      decideCard({ type: 'ChangeLimits', dailyAtmLimit: MAX_DAILY_ATM_LIMIT }, state),
    ).toHaveLength(1);
    refuses(
      { type: 'ChangeLimits', dailyAtmLimit: MAX_DAILY_ATM_LIMIT + 1 },
      state,
      cardMessages.atmLimitTooHigh,
      'daily_atm_limit',
    );
    refuses(
      { type: 'ChangeLimits', dailyPurchaseLimit: MAX_DAILY_PURCHASE_LIMIT + 1 },
      state,
      cardMessages.purchaseLimitTooHigh,
      'daily_purchase_limit',
    );
    expect(decideCard({ type: 'ChangeLimits', dailyAtmLimit: 500_00 }, state)).toEqual([]);
    // The messages name the maxima as the bank formats money.
    expect(cardMessages.atmLimitTooHigh).toContain(formatUsd(MAX_DAILY_ATM_LIMIT));
    expect(cardMessages.purchaseLimitTooHigh).toContain(formatUsd(MAX_DAILY_PURCHASE_LIMIT));
  });

  it('takes a first PIN without the current one, then requires the current PIN', () => {
    const [first] = decideCard(pin(), given(issued));
    expect(first).toMatchObject({ type: 'CardPinSet', data: { initial: true } });
    const withPin = given(issued, first!);
    expect(withPin.pinHash).toBe('$argon2id$new');
    refuses(pin(), withPin, cardMessages.currentPinRequired, 'current_pin');
    expect(
      decideCard(pin({ currentPin: { supplied: true, valid: false } }), withPin),
    ).toMatchObject([{ type: 'CardPinAttemptFailed', data: { consecutiveFailures: 1 } }]);
    refuses(
      pin({ currentPin: { supplied: true, valid: true }, newPinSameAsCurrent: true }),
      withPin,
      cardMessages.samePin,
      'new_pin',
    );
    expect(decideCard(pin({ currentPin: { supplied: true, valid: true } }), withPin)).toMatchObject(
      [{ type: 'CardPinSet', data: { initial: false } }],
    );
  });

  it('blocks PIN changes for a day after five wrong current PINs in a row', () => {
    const wrong = pin({ currentPin: { supplied: true, valid: false } });
    const right = pin({ currentPin: { supplied: true, valid: true } });
    let state = given(issued, ...decideCard(pin(), given(issued)));
    for (let i = 1; i <= MAX_PIN_FAILURES; i += 1) {
      const events = decideCard(wrong, state);
      expect(events).toMatchObject([{ data: { consecutiveFailures: i } }]);
      state = events.reduce((s, e) => cardAggregate.evolve(s, e as BankEvent), state);
    }
    refuses(right, state, cardMessages.pinBlocked, 'current_pin');
    const nextDay = { ...right, now: new Date('2026-03-02T12:00:01Z') } as CardCommand;
    const [set] = decideCard(nextDay, state);
    expect(set).toMatchObject({ type: 'CardPinSet' });
    expect(cardAggregate.evolve(state, set as BankEvent).pinFailures).toBe(0);
  });

  it('knows nothing about a card that was never issued', () => {
    expect(() => decideCard({ type: 'Lock', reason: '' }, given())).toThrow(DomainError);
  });
});
