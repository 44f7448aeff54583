import { randomUUID } from 'node:crypto';
import { cardOfferKey, cardProducts, ERASED } from '@bank/events';
import { deterministicUuid } from '@bank/infra';
import { describe, it } from 'vitest';
import { projectionTest } from '../../toolkit/testing.ts';
import { accountOpened, cardIssued } from '../given-events.ts';
import { cardsProjection } from './projection.ts';

const { givenEvents } = projectionTest(cardsProjection, { sharedDatabase: true });

const customerId = randomUUID();
const checking = randomUUID();
const debitOffer = deterministicUuid(cardOfferKey.debit(checking));
const creditOffer = deterministicUuid(cardOfferKey.credit(customerId));
const settings = {
  transactionAlerts: true,
  internationalTransactions: false,
  contactlessEnabled: true,
};

const issued = (cardId: string) =>
  cardIssued(customerId, checking, {
    cardId,
    deliveryAddress: '12 Harbor Road, Portland, ME 04101',
  });

describe('cards projection', () => {
  it('offers a debit card for each checking account and one credit card, none for savings', async () => {
    await givenEvents([
      accountOpened(checking, customerId),
      accountOpened(randomUUID(), customerId, { type: 'savings' }),
    ]).thenRows('rm_cards', [
      {
        id: debitOffer,
        account_id: checking,
        account_name: 'Premium Checking',
        offer_kind: 'debit',
        card_type: 'debit',
        status: 'pending',
        last4: null,
        daily_purchase_limit_cents: 2_500_00,
      },
      {
        id: creditOffer,
        account_id: checking,
        account_name: 'Premium Checking',
        offer_kind: 'credit',
        card_type: 'credit',
        status: 'pending',
        last4: null,
        daily_purchase_limit_cents: 5_000_00,
      },
    ]);
  });

  it('turns the offer into the card when it is issued, and follows its locks, settings, limits and PIN', async () => {
    const ref = { cardId: debitOffer, customerId };
    await givenEvents([
      accountOpened(checking, customerId),
      issued(debitOffer),
      { type: 'CardLocked', data: { ...ref, reason: 'misplaced' } },
      { type: 'CardUnlocked', data: { ...ref, reason: 'found' } },
      { type: 'CardLocked', data: { ...ref, reason: 'travel' } },
      {
        type: 'CardSettingsChanged',
        data: { ...ref, settings: { ...settings, internationalTransactions: true } },
      },
      {
        type: 'CardLimitsChanged',
        data: { ...ref, dailyAtmLimit: 300_00, dailyPurchaseLimit: 1_000_00 },
      },
      { type: 'CardPinSet', data: { ...ref, pinHash: '$argon2id$pin', initial: true } },
    ]).thenRows(
      'rm_cards',
      [
        {
          id: debitOffer,
          status: 'locked',
          last4: '4242',
          expiry_date: '01/30',
          account_name: 'Premium Checking',
          international_transactions: true,
          daily_atm_limit_cents: 300_00,
          daily_purchase_limit_cents: 1_000_00,
          has_pin: true,
          offered_at: '2025-01-01T00:00:00.000Z',
          issued_at: '2025-01-01T00:00:01.000Z',
        },
      ],
      { where: `offer_kind = 'debit'` },
    );
  });

  it('offers a replacement for a card reported lost, and blanks an erased customer’s words', async () => {
    const replacementOffer = deterministicUuid(cardOfferKey.replacement(debitOffer));
    await givenEvents([
      accountOpened(checking, customerId),
      issued(debitOffer),
      {
        type: 'CardReportedLostOrStolen',
        data: { cardId: debitOffer, customerId, kind: 'lost', description: 'Left on the bus' },
      },
      { type: 'CustomerErased', data: { customerId, reason: 'request' } },
    ]).thenRows(
      'rm_cards',
      [
        {
          id: debitOffer,
          status: 'lost',
          reported_at: '2025-01-01T00:00:02.000Z',
          report_description: ERASED,
          delivery_address: ERASED,
          replaces_card_id: null,
          description: cardProducts.debit.description,
        },
        {
          id: replacementOffer,
          status: 'pending',
          reported_at: null,
          report_description: null,
          delivery_address: null,
          replaces_card_id: debitOffer,
          description:
            'A replacement for your Harborview Debit Card ending in 4242, reported lost. It gets a new number.',
        },
      ],
      { where: `offer_kind <> 'credit'` },
    );
  });
});
