import { CardIssued, defaultCardSettings, formatUsd } from '@bank/events';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../kernel/aggregate.ts';
import { deciderSpecification } from '../../kernel/decider-specification.ts';
import {
  cardAggregate,
  cardMessages,
  decideCard,
  MAX_DAILY_ATM_LIMIT,
  MAX_DAILY_PURCHASE_LIMIT,
  MAX_PIN_FAILURES,
  type CardCommand,
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

const card = deciderSpecification(cardAggregate, decideCard);

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
    card
      .given()
      .when({ type: 'Issue', data: issued.data })
      .then([{ type: 'CardIssued' }]);
    card
      .given(issued)
      .when({ type: 'Issue', data: issued.data })
      .thenRefuses(cardMessages.alreadyApplied);
  });

  it('locks an active card and unlocks a locked one, refusing the same move twice', () => {
    const [locked] = card
      .given(issued)
      .when({ type: 'Lock', reason: 'misplaced' })
      .then([{ type: 'CardLocked', data: { cardId, reason: 'misplaced' } }]);
    const lockedCard = card.given(issued, locked!);
    expect(lockedCard.state.status).toBe('locked');
    lockedCard.when({ type: 'Lock', reason: '' }).thenRefuses(cardMessages.alreadyLocked, 'action');
    card
      .given(issued)
      .when({ type: 'Unlock', reason: '' })
      .thenRefuses(cardMessages.notLocked, 'action');
    lockedCard.when({ type: 'Unlock', reason: '' }).then([{ type: 'CardUnlocked' }]);
  });

  it('deactivates a reported card for good: nothing but a replacement is possible', () => {
    const [reported] = card
      .given(issued)
      .when({ type: 'ReportLostOrStolen', kind: 'stolen', description: 'bag stolen' })
      .then([{ type: 'CardReportedLostOrStolen' }]);
    const stolen = card.given(issued, reported!);
    expect(stolen.state.status).toBe('stolen');
    stolen.when({ type: 'Lock', reason: '' }).thenRefuses(cardMessages.reported);
    stolen.when({ type: 'Unlock', reason: '' }).thenRefuses(cardMessages.reported);
    stolen
      .when({ type: 'ChangeSettings', settings: { contactlessEnabled: false } })
      .thenRefuses(cardMessages.reported);
    stolen.when({ type: 'ChangeLimits', dailyAtmLimit: 100 }).thenRefuses(cardMessages.reported);
    stolen.when(pin()).thenRefuses(cardMessages.reported);
    stolen
      .when({ type: 'ReportLostOrStolen', kind: 'lost', description: '' })
      .thenRefuses(cardMessages.alreadyReported);
  });

  it('a locked card can still be reported lost', () => {
    const locked = card
      .given(issued)
      .when({ type: 'Lock', reason: '' })
      .then([{ type: 'CardLocked' }]);
    card
      .given(issued, ...locked)
      .when({ type: 'ReportLostOrStolen', kind: 'lost', description: '' })
      .then([{ type: 'CardReportedLostOrStolen' }]);
  });

  it('changes only the settings given, and records nothing when nothing changes', () => {
    const active = card.given(issued);
    active
      .when({ type: 'ChangeSettings', settings: { internationalTransactions: true } })
      .then([{ data: { settings: { ...defaultCardSettings, internationalTransactions: true } } }]);
    active
      .when({ type: 'ChangeSettings', settings: { transactionAlerts: true } })
      .thenNothingHappened();
  });

  it('keeps limits within the maxima and fills in the one not given', () => {
    const active = card.given(issued);
    active
      .when({ type: 'ChangeLimits', dailyAtmLimit: 1000_00 })
      .then([{ data: { dailyAtmLimit: 1000_00, dailyPurchaseLimit: 2_500_00 } }]);
    active
      .when({ type: 'ChangeLimits', dailyAtmLimit: MAX_DAILY_ATM_LIMIT })
      .then([{ type: 'CardLimitsChanged' }]);
    active
      .when({ type: 'ChangeLimits', dailyAtmLimit: MAX_DAILY_ATM_LIMIT + 1 })
      .thenRefuses(cardMessages.atmLimitTooHigh, 'daily_atm_limit');
    active
      .when({ type: 'ChangeLimits', dailyPurchaseLimit: MAX_DAILY_PURCHASE_LIMIT + 1 })
      .thenRefuses(cardMessages.purchaseLimitTooHigh, 'daily_purchase_limit');
    active.when({ type: 'ChangeLimits', dailyAtmLimit: 500_00 }).thenNothingHappened();
    // The messages name the maxima as the bank formats money.
    expect(cardMessages.atmLimitTooHigh).toContain(formatUsd(MAX_DAILY_ATM_LIMIT));
    expect(cardMessages.purchaseLimitTooHigh).toContain(formatUsd(MAX_DAILY_PURCHASE_LIMIT));
  });

  it('takes a first PIN without the current one, then requires the current PIN', () => {
    const [first] = card
      .given(issued)
      .when(pin())
      .then([{ type: 'CardPinSet', data: { initial: true } }]);
    const withPin = card.given(issued, first!);
    expect(withPin.state.pinHash).toBe('$argon2id$new');
    withPin.when(pin()).thenRefuses(cardMessages.currentPinRequired, 'current_pin');
    withPin
      .when(pin({ currentPin: { supplied: true, valid: false } }))
      .then([{ type: 'CardPinAttemptFailed', data: { consecutiveFailures: 1 } }]);
    withPin
      .when(pin({ currentPin: { supplied: true, valid: true }, newPinSameAsCurrent: true }))
      .thenRefuses(cardMessages.samePin, 'new_pin');
    withPin
      .when(pin({ currentPin: { supplied: true, valid: true } }))
      .then([{ type: 'CardPinSet', data: { initial: false } }]);
  });

  it('blocks PIN changes for a day after five wrong current PINs in a row', () => {
    const wrong = pin({ currentPin: { supplied: true, valid: false } });
    const right = pin({ currentPin: { supplied: true, valid: true } });
    const history = [
      issued,
      ...card
        .given(issued)
        .when(pin())
        .then([{ type: 'CardPinSet' }]),
    ];
    for (let i = 1; i <= MAX_PIN_FAILURES; i += 1) {
      history.push(
        ...card
          .given(...history)
          .when(wrong)
          .then([{ data: { consecutiveFailures: i } }]),
      );
    }
    const blocked = card.given(...history);
    blocked.when(right).thenRefuses(cardMessages.pinBlocked, 'current_pin');
    const nextDay = { ...right, now: new Date('2026-03-02T12:00:01Z') } as CardCommand;
    const [set] = blocked.when(nextDay).then([{ type: 'CardPinSet' }]);
    expect(card.given(...history, set!).state.pinFailures).toBe(0);
  });

  it('knows nothing about a card that was never issued', () => {
    card.given().when({ type: 'Lock', reason: '' }).thenThrows(DomainError);
  });
});
