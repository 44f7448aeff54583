import { randomUUID } from 'node:crypto';
import { defaultNotificationPreferences, ERASED } from '@bank/events';
import { describe, it } from 'vitest';
import { projectionTest } from '../../toolkit/testing.ts';
import {
  accountOpened,
  cardIssued,
  customerRegistered,
  externalTransferInitiated,
  posted,
  transferOutcome,
} from '../given-events.ts';
import { notificationsProjection } from './projection.ts';

const { givenEvents } = projectionTest(notificationsProjection, { sharedDatabase: true });

const customerId = randomUUID();
const checking = randomUUID();
const savings = randomUUID();
const known = [
  customerRegistered(customerId),
  accountOpened(checking, customerId),
  accountOpened(savings, customerId, { type: 'savings' }),
];

const switchedOff = (kind: 'transaction' | 'card') => ({
  type: 'CustomerNotificationPreferencesChanged' as const,
  data: {
    customerId,
    notificationPreferences: { ...defaultNotificationPreferences, [kind]: false },
  },
});

describe('notifications projection', () => {
  it('announces money received, dated when it arrived; money between own accounts is no news', async () => {
    await givenEvents([
      ...known,
      {
        ...posted('credit', checking, 2_400_00, {
          description: 'Casco Bay Health payroll',
          occurredAt: '2024-12-31T09:00:00.000Z',
        }),
        recordedAt: '2025-03-01T12:00:00.000Z',
      },
      posted('credit', savings, 100_00, {
        kind: 'transfer',
        contra: `account:${checking}`,
      }),
    ]).thenRows('rm_notifications', [
      {
        customer_id: customerId,
        type: 'transaction',
        title: 'Deposit received',
        message: '$2,400.00 was credited to your Premium Checking: Casco Bay Health payroll.',
        is_read: false,
        created_at: '2024-12-31T09:00:00.000Z',
      },
    ]);
  });

  it('leaves a crypto sale’s proceeds to the sale’s own notice, which tells them net of the fee', async () => {
    await givenEvents([
      ...known,
      posted('credit', checking, 98_50, { kind: 'crypto', description: 'Sold 0.001 BTC' }),
      posted('debit', checking, 99, { kind: 'crypto', description: 'Crypto trading fee' }),
    ]).thenRows('rm_notifications', []);
  });

  it('honours the customer’s switches, except for security notices', async () => {
    await givenEvents([
      ...known,
      switchedOff('transaction'),
      posted('credit', checking, 50_00),
      {
        type: 'CustomerPasswordChanged',
        data: { customerId, passwordHash: '$argon2id$new', reason: 'reset' },
      },
    ]).thenRows('rm_notifications', [{ type: 'security', title: 'Password reset' }]);
  });

  it('tells the customer when two-factor sign-in is turned on or off, or its recovery codes renewed', async () => {
    await givenEvents([
      ...known,
      {
        type: 'CustomerTwoFactorEnabled',
        data: { customerId, secretSealed: 'sealed', recoveryCodeHashes: ['h1'] },
      },
      {
        type: 'CustomerRecoveryCodesRegenerated',
        data: { customerId, recoveryCodeHashes: ['h2'] },
      },
      { type: 'CustomerTwoFactorDisabled', data: { customerId } },
    ]).thenRows('rm_notifications', [
      { type: 'security', title: 'Two-factor sign-in turned on' },
      { type: 'security', title: 'New recovery codes' },
      { type: 'security', title: 'Two-factor sign-in turned off' },
    ]);
  });

  it('tells the sender how a transfer goes', async () => {
    const transferId = randomUUID();
    await givenEvents([
      ...known,
      externalTransferInitiated(transferId, customerId, checking),
      {
        type: 'TransferFailed',
        data: {
          ...transferOutcome(transferId, customerId),
          reason: 'The account was closed.',
          failedAt: '2025-01-03T14:00:00.000Z',
        },
      },
    ]).thenRows(
      'rm_notifications',
      [
        {
          title: 'Transfer pending',
          message:
            '$250.00 to Dana Whitfield (fee $3.00) is on its way. It should arrive by Jan 3, 2025. Reference TRF-100.',
          priority: 'medium',
        },
        {
          title: 'Transfer failed',
          message:
            'Your transfer of $250.00 to Dana Whitfield could not be completed: The account was closed. The amount and the $3.00 fee are available in your account again. Check the account details with Dana Whitfield before you send it again. Reference TRF-100.',
          priority: 'high',
        },
      ],
      { orderBy: 'position' },
    );
  });

  it('names a wire when it is delivered or returned, and says an older event’s transfer completed', async () => {
    const [domestic, international, older] = [randomUUID(), randomUUID(), randomUUID()];
    const settled = (
      transferId: string,
      transferType?: 'domestic-wire' | 'international-wire',
    ) => ({
      type: 'TransferSettled' as const,
      data: {
        ...transferOutcome(transferId, customerId),
        ...(transferType ? { transferType } : {}),
        settledAt: '2025-01-03T14:00:00.000Z',
      },
    });
    await givenEvents([
      ...known,
      settled(domestic, 'domestic-wire'),
      {
        type: 'TransferFailed',
        data: {
          ...transferOutcome(international, customerId),
          transferType: 'international-wire',
          reason: 'The receiving bank rejected the transfer: account not found.',
          failedAt: '2025-01-03T14:00:00.000Z',
        },
      },
      settled(older),
    ]).thenRows(
      'rm_notifications',
      [
        {
          title: 'Domestic wire delivered',
          message:
            'Your domestic wire of $250.00 reached Dana Whitfield’s bank. Reference TRF-100.',
        },
        {
          title: 'International wire returned',
          message:
            'Your international wire of $250.00 to Dana Whitfield could not be completed: The receiving bank rejected the transfer: account not found. The amount and the $3.00 fee are available in your account again. Check the account details with Dana Whitfield before you send it again. Reference TRF-100.',
        },
        {
          title: 'Transfer completed',
          message:
            'Your transfer of $250.00 to Dana Whitfield has been completed. Reference TRF-100.',
        },
      ],
      { orderBy: 'position' },
    );
  });

  it('tells a new mailing address, email or phone apart from other profile saves, loudly', async () => {
    const update = (recordedAt: string, data: Record<string, unknown>) => ({
      type: 'CustomerProfileUpdated' as const,
      streamId: `customer-${customerId}`,
      recordedAt,
      data: { customerId, ...data },
    });
    // The profile form sends every field on each save: here, those the customer registered with
    // (12 Harbor Road, Portland).
    const { name, email, phone, dateOfBirth, address, city, state, zipCode } =
      customerRegistered(customerId).data;
    const saved = { name, email, phone, dateOfBirth, address, city, state, zipCode };
    await givenEvents([
      ...known,
      // The same address written another way, and a new name: no move.
      update('2026-12-06T09:00:00.000Z', {
        ...saved,
        name: 'Ada M. Moreno',
        address: '12 harbor road.',
      }),
      update('2026-12-06T10:51:00.000Z', { ...saved, address: '9 Wharf St', zipCode: '04102' }),
      update('2026-12-06T11:00:00.000Z', {
        ...saved,
        address: '9 Wharf St',
        zipCode: '04102',
        email: 'ada.new@example.org',
        phone: '(555) 555-0199',
        contactsToProve: ['email', 'phone'],
      }),
      // Only the city, as the API allows: a move too.
      update('2026-07-01T16:05:00.000Z', { city: 'Bangor' }),
    ]).thenRows(
      'rm_notifications',
      [
        {
          title: 'Profile updated',
          message: 'Your personal details were updated.',
          priority: 'low',
        },
        {
          title: 'Mailing address changed',
          message:
            "Your mailing address was changed on Dec 6, 2026, 5:51 AM EST. Cards and letters now go there. If this wasn't you, call us at once at (555) 019-1952.",
          priority: 'high',
        },
        {
          title: 'Email changed',
          message:
            "Your email was changed to a•••@example.org on Dec 6, 2026, 6:00 AM EST. If this wasn't you, call us at once at (555) 019-1952.",
          priority: 'high',
        },
        {
          title: 'Phone changed',
          message:
            "Your phone number was changed to one ending in 0199 on Dec 6, 2026, 6:00 AM EST. If this wasn't you, call us at once at (555) 019-1952.",
          priority: 'high',
        },
        {
          title: 'Mailing address changed',
          message:
            "Your mailing address was changed on Jul 1, 2026, 12:05 PM EDT. Cards and letters now go there. If this wasn't you, call us at once at (555) 019-1952.",
          priority: 'high',
        },
      ],
      { orderBy: 'position, title' },
    );
  });

  it('tells a card mailed to another address than the one on file, loudly, with card notices off', async () => {
    const issued = (recordedAt: string, last4: string, deliveryAddress: string) =>
      cardIssued(customerId, checking, { recordedAt, last4, deliveryAddress });
    const sentTo = (to: string, last4: string, when: string) => ({
      type: 'security',
      title: 'Card sent to another address',
      message: `Your Harborview Debit Card ending in ${last4} is being mailed to ${to}, not to your mailing address on file. This was asked for on ${when}. If this wasn't you, call us at once at (555) 019-1952.`,
      priority: 'high',
    });
    await givenEvents([
      ...known,
      switchedOff('card'),
      // Registered at 12 Harbor Road, Portland, ME 04101.
      issued('2026-12-06T10:00:00.000Z', '1111', '77 Drop Box Lane,\n Miami, FL 33101'),
      issued('2026-12-06T10:01:00.000Z', '2222', ''),
      issued('2026-12-06T10:02:00.000Z', '3333', '12 HARBOR ROAD, Portland, ME 04101.'),
      // The street and city on file without the state and ZIP is not the address on file.
      issued('2026-12-06T10:03:00.000Z', '4444', '12 Harbor Road, Portland'),
      // Moved (only the street and ZIP given): the new address is on file, the old one is not.
      {
        type: 'CustomerProfileUpdated',
        streamId: `customer-${customerId}`,
        recordedAt: '2026-12-06T10:04:00.000Z',
        data: { customerId, address: '9 Wharf St', zipCode: '04102' },
      },
      issued('2026-12-06T10:05:00.000Z', '5555', '9 wharf st portland me 04102'),
      issued('2026-12-06T10:06:00.000Z', '6666', '12 Harbor Road, Portland, ME 04101'),
    ]).thenRows(
      'rm_notifications',
      [
        sentTo('77 Drop Box Lane, Miami, FL 33101', '1111', 'Dec 6, 2026, 5:00 AM EST'),
        sentTo('12 Harbor Road, Portland', '4444', 'Dec 6, 2026, 5:03 AM EST'),
        sentTo('12 Harbor Road, Portland, ME 04101', '6666', 'Dec 6, 2026, 5:06 AM EST'),
      ],
      { orderBy: 'position', where: "title <> 'Mailing address changed'" },
    );
  });

  it('tells the owner a business account was opened, not the accounts a registration opens', async () => {
    const business = randomUUID();
    await givenEvents([
      ...known,
      accountOpened(business, customerId, {
        type: 'business',
        name: 'Business Checking',
        productCode: 'business_checking',
        accountNumber: '200000008989',
      }),
    ]).thenRows('rm_notifications', [
      {
        type: 'system',
        title: 'Business checking opened',
        message:
          'Your Business Checking account ending in 8989 is open and ready to receive money.',
        priority: 'medium',
      },
    ]);
  });

  it('raises a low-balance alert once per crossing below the threshold', async () => {
    await givenEvents([
      ...known,
      {
        type: 'CustomerAlertsChanged',
        data: {
          customerId,
          alerts: {
            lowBalance: { thresholdCents: 100_00, accountId: checking },
            largeTransaction: null,
            cardAbroad: false,
          },
        },
      },
      posted('credit', checking, 500_00, { kind: 'opening' }),
      posted('debit', checking, 450_00),
      posted('debit', checking, 10_00),
      posted('credit', checking, 200_00, { kind: 'opening' }),
      posted('debit', checking, 200_00),
    ]).thenRows(
      'rm_notifications',
      [
        { type: 'alert', priority: 'high', created_at: '2025-01-01T00:00:05.000Z' },
        { type: 'alert', priority: 'high', created_at: '2025-01-01T00:00:08.000Z' },
      ],
      { where: `type = 'alert'`, orderBy: 'position' },
    );
  });

  it('marks read, marks all of a type read, deletes, and blanks an erased customer’s notices', async () => {
    const read = randomUUID();
    const deleted = randomUUID();
    const raised = (notificationId: string, type: 'system' | 'card') => ({
      type: 'NotificationRaised' as const,
      data: {
        customerId,
        notificationId,
        type,
        title: `About ${type}`,
        message: 'Hello',
        priority: 'low' as const,
      },
    });
    const cardNotice = randomUUID();
    const unread = randomUUID();
    await givenEvents([
      ...known,
      raised(read, 'system'),
      raised(deleted, 'system'),
      raised(cardNotice, 'card'),
      raised(unread, 'system'),
      { type: 'NotificationsMarkedRead', data: { customerId, notificationIds: [read] } },
      { type: 'AllNotificationsMarkedRead', data: { customerId, type: 'card' } },
      { type: 'NotificationDeleted', data: { customerId, notificationId: deleted } },
      { type: 'CustomerErased', data: { customerId, reason: 'request' } },
    ]).thenRows('rm_notifications', [
      { id: read, is_read: true, title: ERASED, message: ERASED },
      { id: cardNotice, is_read: true, title: ERASED, message: ERASED },
      { id: unread, is_read: false, title: ERASED, message: ERASED },
    ]);
  });
});

describe('marking all of a filter read', () => {
  it('marks the types the filter found, and only its type for an event from before filters found several', async () => {
    const customerId = randomUUID();
    const notice = (type: 'transaction' | 'transfer' | 'zelle') => {
      const notificationId = randomUUID();
      return {
        id: notificationId,
        event: {
          type: 'NotificationRaised' as const,
          data: {
            customerId,
            notificationId,
            type,
            title: type,
            message: '',
            priority: 'low' as const,
          },
        },
      };
    };
    const early = [notice('transaction'), notice('transfer')];
    const late = [notice('transaction'), notice('zelle')];
    await givenEvents([
      ...early.map((n) => n.event),
      { type: 'AllNotificationsMarkedRead', data: { customerId, type: 'transaction' } },
      ...late.map((n) => n.event),
      {
        type: 'AllNotificationsMarkedRead',
        data: { customerId, type: 'transaction', types: ['transaction', 'zelle'] },
      },
    ]).thenRows(
      'rm_notifications',
      [
        { id: early[0]!.id, is_read: true },
        { id: early[1]!.id, is_read: false },
        { id: late[0]!.id, is_read: true },
        { id: late[1]!.id, is_read: true },
      ],
      { where: `customer_id = '${customerId}'`, orderBy: 'position' },
    );
  });
});
