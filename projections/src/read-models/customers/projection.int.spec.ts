import { randomUUID } from 'node:crypto';
import { defaultNotificationPreferences, ERASED } from '@bank/events';
import { describe, it } from 'vitest';
import { projectionTest } from '../../toolkit/testing.ts';
import { customerRegistered } from '../given-events.ts';
import { customersProjection } from './projection.ts';

const { givenEvents } = projectionTest(customersProjection, { sharedDatabase: true });

describe('customers projection', () => {
  it('keeps the profile as registered, then as each change leaves it', async () => {
    const customerId = randomUUID();
    await givenEvents([
      customerRegistered(customerId),
      {
        type: 'CustomerProfileUpdated',
        data: { customerId, phone: '+15555550199', city: 'South Portland' },
      },
      { type: 'CustomerProfileImageChanged', data: { customerId, profileImage: 'image-1' } },
      {
        type: 'CustomerNotificationPreferencesChanged',
        data: {
          customerId,
          notificationPreferences: { ...defaultNotificationPreferences, marketing: true },
        },
      },
    ]).thenRows('rm_customers', [
      {
        customer_id: customerId,
        account_number: '100000000001',
        name: 'Ada Moreno',
        email: 'ada@example.com',
        phone: '+15555550199',
        address: '12 Harbor Road',
        city: 'South Portland',
        zip_code: '04101',
        employment_status: 'employed',
        annual_income: 85_000_00,
        profile_image: 'image-1',
        notification_preferences: { ...defaultNotificationPreferences, marketing: true },
        created_at: '2025-01-01T00:00:00.000Z',
      },
    ]);
  });

  it('blanks an erased customer’s personal data but keeps the account number', async () => {
    const customerId = randomUUID();
    await givenEvents([
      customerRegistered(customerId),
      { type: 'CustomerProfileImageChanged', data: { customerId, profileImage: 'image-1' } },
      { type: 'CustomerErased', data: { customerId, reason: 'request' } },
    ]).thenRows('rm_customers', [
      {
        account_number: '100000000001',
        name: ERASED,
        email: ERASED,
        phone: ERASED,
        date_of_birth: ERASED,
        employment_status: null,
        annual_income: null,
        profile_image: null,
      },
    ]);
  });
});
