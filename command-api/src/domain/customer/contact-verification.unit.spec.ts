import { defaultNotificationPreferences } from '@bank/events';
import { describe, expect, it } from 'vitest';
import { customerAggregate, decideCustomer, type CustomerState } from './customer.ts';

/** A customer whose contacts are proved (or who registered before contacts had to be). */
const registered = (): CustomerState => ({
  ...customerAggregate.initial(),
  registered: true,
  customerId: '00000000-0000-4000-8000-000000000001',
  accountNumber: '123456789012',
  email: 'ada@example.com',
  phone: '2075550100',
});

const fold = (state: CustomerState, events: ReturnType<typeof decideCustomer>) =>
  events.reduce((s, e) => customerAggregate.evolve(s, e as never), state);

const update = (state: CustomerState, data: { email?: string; phone?: string; city?: string }) =>
  fold(state, decideCustomer({ type: 'UpdateProfile', data }, state));

const registration = {
  customerId: '00000000-0000-4000-8000-000000000002',
  accountNumber: '210987654321',
  passwordHash: 'hash',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  phone: '2075550111',
  dateOfBirth: '1990-01-01',
  address: '1 Main St',
  city: 'Portland',
  state: 'ME',
  zipCode: '04101',
  ssnEncrypted: null,
  employmentStatus: null,
  annualIncome: null,
  notificationPreferences: defaultNotificationPreferences,
};

describe('contacts given at registration', () => {
  it('wait to be proved, each with its own code', () => {
    const initial = customerAggregate.initial();
    let state = fold(initial, decideCustomer({ type: 'Register', data: registration }, initial));
    expect([...state.unverifiedContacts].sort()).toEqual(['email', 'phone']);
    state = fold(state, decideCustomer({ type: 'VerifyContact', kind: 'phone' }, state));
    expect(state.unverifiedContacts).toEqual(['email']);
  });

  it('count as proved on a registration recorded before contacts were proved', () => {
    const state = customerAggregate.evolve(customerAggregate.initial(), {
      type: 'CustomerRegistered',
      data: registration,
    } as never);
    expect(state.unverifiedContacts).toEqual([]);
  });
});

describe('contacts a customer changed to', () => {
  it('count as proved until changed', () => {
    const state = registered();
    expect(state.unverifiedContacts).toEqual([]);
    expect(update(state, { email: 'new@example.com' }).unverifiedContacts).toEqual(['email']);
    expect(update(state, { phone: '(207) 555-0199' }).unverifiedContacts).toEqual(['phone']);
  });

  it('stay proved when the update writes the same contact another way, or other details', () => {
    const state = registered();
    expect(update(state, { email: ' ADA@Example.com ' }).unverifiedContacts).toEqual([]);
    expect(update(state, { phone: '+1 (207) 555-0100' }).unverifiedContacts).toEqual([]);
    expect(update(state, { city: 'Portland' }).unverifiedContacts).toEqual([]);
  });

  it('are proved one kind at a time, once; changing again asks for proof again', () => {
    let state = update(registered(), { email: 'new@example.com', phone: '2075550199' });
    expect([...state.unverifiedContacts].sort()).toEqual(['email', 'phone']);
    state = fold(state, decideCustomer({ type: 'VerifyContact', kind: 'email' }, state));
    expect(state.unverifiedContacts).toEqual(['phone']);
    expect(decideCustomer({ type: 'VerifyContact', kind: 'email' }, state)).toEqual([]);
    state = update(state, { email: 'newer@example.com' });
    expect([...state.unverifiedContacts].sort()).toEqual(['email', 'phone']);
  });
});
