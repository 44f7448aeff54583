import { randomUUID } from 'node:crypto';
import { BUSINESS_MESSAGES, MAX_BUSINESS_ACCOUNTS } from '@bank/contracts/business-account-rules';
import { BusinessProfileRecorded, CustomerErased, type BankEvent } from '@bank/events';
import { describe, expect, it } from 'vitest';
import { DomainError, foldRecorded } from '../../kernel/aggregate.ts';
import { customerAggregate } from '../customer/customer.ts';
import {
  BUSINESS_CHECKING_PRODUCT,
  decideOpenBusinessAccount,
  TOO_MANY_BUSINESS_ACCOUNTS,
  type OpenBusinessAccount,
} from './business-account.ts';

const customerId = '4b6c2f0a-1e2d-4c3b-8a9f-5e6d7c8b9a02';

/** A registered customer, as the customer stream's first event leaves them. */
const registered = { ...customerAggregate.initial(), registered: true, customerId };

const profile = () =>
  BusinessProfileRecorded.create({
    customerId,
    accountId: randomUUID(),
    businessName: 'Earlier Co',
    businessType: 'llc',
    einSealed: 'sealed',
    einLast4: '4567',
  });

const command = (): OpenBusinessAccount => ({
  customerId,
  accountId: randomUUID(),
  accountNumber: '200000000002',
  routingNumber: '061000227',
  businessName: 'Rivera Landscaping LLC',
  businessType: 'llc',
  einSealed: 'sealed-ein',
  einLast4: '6789',
});

/** The customer's state once these events followed registration (or with none at all). */
const given = (...events: BankEvent[]) =>
  foldRecorded(
    customerAggregate,
    events.map((event) => ({ event })),
    registered,
  );

describe('opening a business account', () => {
  it('records the profile on the customer and opens a business checking account', () => {
    const open = command();
    const { customerEvents, accountEvents } = decideOpenBusinessAccount(given(), open);
    expect(customerEvents).toMatchObject([
      {
        type: 'BusinessProfileRecorded',
        data: {
          customerId,
          accountId: open.accountId,
          businessName: 'Rivera Landscaping LLC',
          businessType: 'llc',
          einSealed: 'sealed-ein',
          einLast4: '6789',
        },
      },
    ]);
    expect(accountEvents).toMatchObject([
      {
        type: 'AccountOpened',
        data: {
          accountId: open.accountId,
          customerId,
          name: 'Business Checking',
          type: 'business',
          productCode: BUSINESS_CHECKING_PRODUCT,
        },
      },
    ]);
    // The business name goes only where it is sealed: an account's name is copied in clear.
    expect(JSON.stringify(accountEvents)).not.toContain('Rivera');
  });

  it(`allows ${MAX_BUSINESS_ACCOUNTS}, then refuses the next one with the product's message`, () => {
    const third = given(profile(), profile());
    expect(() => decideOpenBusinessAccount(third, command())).not.toThrow();
    const full = given(profile(), profile(), profile());
    expect(() => decideOpenBusinessAccount(full, command())).toThrow(
      new DomainError(TOO_MANY_BUSINESS_ACCOUNTS, BUSINESS_MESSAGES.tooMany),
    );
  });

  it('refuses a customer who is not registered or was erased', () => {
    expect(() => decideOpenBusinessAccount(customerAggregate.initial(), command())).toThrow(
      DomainError,
    );
    const erased = CustomerErased.create({ customerId, reason: 'request' });
    expect(() => decideOpenBusinessAccount(given(erased), command())).toThrow(DomainError);
  });
});
