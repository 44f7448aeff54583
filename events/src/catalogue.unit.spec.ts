import { describe, expect, it } from 'vitest';
import { catalogue, defaultNotificationPreferences } from './index.ts';

const v1Registration = {
  customerId: '6f1c1a4e-4a57-4a0b-9f43-0d7b2c9f1e11',
  accountNumber: '123456789012',
  passwordHash: '$argon2id$...',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '555-0100',
  dateOfBirth: '1990-01-01',
  address: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
  ssnEncrypted: null,
  employmentStatus: null,
  annualIncome: null,
};

describe('event catalogue', () => {
  it('upcasts a v1 CustomerRegistered to the latest shape', () => {
    const event = catalogue.read('CustomerRegistered', 1, v1Registration);
    expect(event.type).toBe('CustomerRegistered');
    expect(event.data).toMatchObject({
      name: 'Ada Lovelace',
      notificationPreferences: defaultNotificationPreferences,
    });
  });

  it('reads the latest version as it is', () => {
    const prefs = { ...defaultNotificationPreferences, marketing: true };
    const event = catalogue.read('CustomerRegistered', 2, {
      ...v1Registration,
      notificationPreferences: prefs,
    });
    expect(event.data).toMatchObject({ notificationPreferences: prefs });
  });

  it('refuses unknown types and versions and malformed data', () => {
    expect(() => catalogue.read('NoSuchEvent', 1, {})).toThrow(/Unknown event type/);
    expect(() => catalogue.read('CustomerRegistered', 9, v1Registration)).toThrow(
      /Unknown version/,
    );
    expect(() => catalogue.read('CustomerRegistered', 1, { name: 1 })).toThrow();
  });
});
