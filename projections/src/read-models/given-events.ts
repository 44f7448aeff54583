import { randomUUID } from 'node:crypto';
import {
  cardProducts,
  defaultNotificationPreferences,
  type AccountType,
  type CryptoSymbol,
  type Posting,
} from '@bank/events';
import type { GivenEvent } from '../toolkit/testing.ts';

/** Events most read models' tests start from, as the bank records them. */

export function customerRegistered(customerId: string, fields: { name?: string } = {}) {
  return {
    type: 'CustomerRegistered' as const,
    streamId: `customer-${customerId}`,
    data: {
      customerId,
      accountNumber: '100000000001',
      passwordHash: '$argon2id$hash',
      name: fields.name ?? 'Ada Moreno',
      email: 'ada@example.com',
      phone: '+15555550100',
      dateOfBirth: '1990-04-12',
      address: '12 Harbor Road',
      city: 'Portland',
      state: 'ME',
      zipCode: '04101',
      ssnEncrypted: null,
      employmentStatus: 'employed',
      annualIncome: 85_000_00,
      notificationPreferences: defaultNotificationPreferences,
    },
  } satisfies GivenEvent;
}

export function accountOpened(
  accountId: string,
  customerId: string,
  fields: { type?: AccountType; name?: string; productCode?: string; accountNumber?: string } = {},
) {
  const type = fields.type ?? 'checking';
  return {
    type: 'AccountOpened' as const,
    streamId: `account-${accountId}`,
    data: {
      accountId,
      customerId,
      accountNumber: fields.accountNumber ?? '200000000001',
      routingNumber: '021000021',
      name: fields.name ?? (type === 'savings' ? 'High Yield Savings' : 'Premium Checking'),
      type,
      productCode:
        fields.productCode ?? (type === 'savings' ? 'high_yield_savings' : 'premium_checking'),
      currency: 'USD' as const,
    },
  } satisfies GivenEvent;
}

/** A posting on the account's stream: money in (credit) or out (debit), to a ledger account. */
export function posted(
  direction: 'credit' | 'debit',
  accountId: string,
  amount: number,
  fields: Partial<Omit<Posting, 'accountId' | 'amount'>> = {},
) {
  return {
    type: direction === 'credit' ? ('AccountCredited' as const) : ('AccountDebited' as const),
    streamId: `account-${accountId}`,
    data: {
      accountId,
      entryId: randomUUID(),
      amount,
      description: direction === 'credit' ? 'Deposit' : 'Purchase',
      kind: direction === 'credit' ? 'deposit' : 'card_purchase',
      contra: direction === 'credit' ? 'cash:teller' : 'clearing:card',
      reference: 'REF-1',
      ...fields,
    },
  } satisfies GivenEvent;
}

/** A transfer to another bank by ACH: pending until it settles. */
export function externalTransferInitiated(
  transferId: string,
  customerId: string,
  fromAccountId: string,
  fields: { amount?: number; status?: 'pending' | 'completed' } = {},
) {
  return {
    type: 'TransferInitiated' as const,
    streamId: `transfer-${transferId}`,
    data: {
      transferId,
      customerId,
      type: 'external-bank' as const,
      status: fields.status ?? ('pending' as const),
      fromAccountId,
      fromAccountName: 'Premium Checking',
      recipientName: 'Dana Whitfield',
      senderName: 'Ada Moreno',
      amount: fields.amount ?? 250_00,
      fee: 3_00,
      memo: 'Rent',
      transferDate: '2025-01-01',
      description: 'Transfer to Dana Whitfield',
      reference: 'TRF-100',
      destination: {
        bankName: 'First Lakeside Bank',
        accountEncrypted: 'sealed',
        accountLast4: '6789',
        routingNumber: '021000021',
        recipientAddress: '4 Elm Street',
      },
      holdId: randomUUID(),
      feeHoldId: randomUUID(),
      settleAfter: '2025-01-03T14:00:00.000Z',
      initiatedAt: '2025-01-01T00:00:00.000Z',
    },
  } satisfies GivenEvent;
}

/** What the outcome events of the transfer above (settled, failed, cancelled) repeat of it. */
export function transferOutcome(transferId: string, customerId: string) {
  return {
    transferId,
    customerId,
    amount: 250_00,
    fee: 3_00,
    recipientName: 'Dana Whitfield',
    reference: 'TRF-100',
  };
}

/** A market-data refresh quoting each coin at its price in cents. */
export function pricesRefreshed(asOf: string, cents: Partial<Record<CryptoSymbol, number>>) {
  return {
    type: 'CryptoPricesRefreshed' as const,
    data: {
      asOf,
      source: 'simulated',
      quotes: Object.entries(cents).map(([symbol, priceCents]) => ({
        symbol: symbol as CryptoSymbol,
        priceCents,
        priceMicroUsd: priceCents * 10_000,
        change24hBps: -234,
        volume24hDollars: 1_000_000,
        marketCapDollars: 900_000_000,
      })),
    },
  } satisfies GivenEvent;
}

/** A debit card issued on an account, as an application for it records it (mailed to the address given). */
export function cardIssued(
  customerId: string,
  accountId: string,
  fields: { cardId?: string; recordedAt?: string; last4?: string; deliveryAddress?: string } = {},
) {
  const cardId = fields.cardId ?? randomUUID();
  return {
    type: 'CardIssued' as const,
    streamId: `card-${cardId}`,
    recordedAt: fields.recordedAt,
    data: {
      cardId,
      customerId,
      accountId,
      offerKind: 'debit' as const,
      replacesCardId: null,
      cardName: cardProducts.debit.cardName,
      cardType: 'debit' as const,
      cardNetwork: 'visa' as const,
      last4: fields.last4 ?? '4242',
      numberEncrypted: 'v1:number',
      cvvEncrypted: 'v1:cvv',
      expiryDate: '01/30',
      deliveryAddress: fields.deliveryAddress ?? '',
      expressDelivery: false,
      dailyAtmLimit: 500_00,
      dailyPurchaseLimit: 2_500_00,
      settings: {
        transactionAlerts: true,
        internationalTransactions: false,
        contactlessEnabled: true,
      },
    },
  } satisfies GivenEvent;
}
