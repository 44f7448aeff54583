import { randomUUID } from 'node:crypto';
import { defaultNotificationPreferences, streams, type AccountType } from '@bank/events';
import {
  BANK_TURN,
  hashSecret,
  randomDigits,
  type EventMetadata,
  type HashingTurn,
} from '@bank/infra';
import { decideAccount } from '../domain/account/account.ts';
import { accountAggregate } from '../domain/account/account.ts';
import { customerAggregate, decideCustomer } from '../domain/customer/customer.ts';
import { normalizeEmail, phoneDigits } from '../domain/reservation.ts';
import { claimNumber, lastFour } from './account-numbers.ts';
import type { CommandContext } from './context.ts';
import { claimContact } from './money-lookups.ts';

export interface RegistrationInput {
  name: string;
  email: string;
  password: string;
  phone: string;
  date_of_birth: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  ssn?: string | null | undefined;
  employment_status?: string | null | undefined;
  annual_income?: number | null | undefined;
}

/** The four accounts every new customer gets, at $0.00. */
export const DEFAULT_ACCOUNTS: { name: string; type: AccountType; productCode: string }[] = [
  { name: 'Premium Checking', type: 'checking', productCode: 'premium_checking' },
  { name: 'High Yield Savings', type: 'savings', productCode: 'high_yield_savings' },
  { name: 'Money Market', type: 'savings', productCode: 'money_market' },
  { name: 'Investment Account', type: 'investment', productCode: 'investment' },
];

/**
 * The email or phone belongs to someone already. The answer to the visitor must not say which,
 * nor that either exists: registration is open to anyone, so it would tell them who banks here.
 */
export class AlreadyRegistered extends Error {
  constructor() {
    super('The email or phone is already registered');
  }
}

/**
 * Registers a customer: reserves the email, phone and a 12-digit account number, records the
 * customer and opens the four default accounts, all in one atomic append. Throws
 * AlreadyRegistered, with nothing written, when the email or phone is taken. `hashingTurn` is
 * whose turn the password's hashing waits for (an anonymous visitor's address; the bank's own by
 * default); `digits` is where the random account numbers come from (tests script it).
 */
export async function registerCustomer(
  ctx: CommandContext,
  input: RegistrationInput,
  metadata: EventMetadata,
  {
    hashingTurn = BANK_TURN,
    digits = randomDigits,
  }: { hashingTurn?: HashingTurn; digits?: (length: number) => string } = {},
) {
  const passwordHash = await hashSecret(input.password, hashingTurn);
  const ssnEncrypted = input.ssn ? ctx.secrets.encrypt(input.ssn) : null;
  const email = normalizeEmail(input.email);
  const phone = phoneDigits(input.phone);
  const customerId = randomUUID();

  return ctx.bus.execute({ ...metadata, actor: `customer:${customerId}` }, async (uow) => {
    // Held by a customer who still carries it: taken. One a customer changed away from is free.
    if (
      !(await claimContact(uow, { kind: 'email', value: email }, customerId)) ||
      !(await claimContact(uow, { kind: 'phone', value: phone }, customerId))
    ) {
      throw new AlreadyRegistered();
    }

    const accountNumber = await claimNumber(uow, 'account_number', { customerId }, { digits });
    const customerStream = streams.customer(customerId);
    const customer = await uow.load(customerStream, customerAggregate);
    uow.appendNew(
      customerStream,
      decideCustomer(
        {
          type: 'Register',
          data: {
            customerId,
            accountNumber,
            passwordHash,
            name: input.name.trim(),
            email: input.email.trim(),
            phone: input.phone.trim(),
            dateOfBirth: input.date_of_birth,
            address: input.address.trim(),
            city: input.city.trim(),
            state: input.state.trim(),
            zipCode: input.zip_code.trim(),
            ssnEncrypted,
            employmentStatus: input.employment_status ?? null,
            annualIncome: input.annual_income ?? null,
            notificationPreferences: defaultNotificationPreferences,
          },
        },
        customer.state,
      ),
    );

    const accounts = [];
    for (const [index, template] of DEFAULT_ACCOUNTS.entries()) {
      const accountId = randomUUID();
      // The checking account carries the customer's own number; the others get their own.
      const number = await claimNumber(
        uow,
        'bank_account',
        { customerId, accountId },
        {
          preferred: index === 0 ? accountNumber : undefined,
          avoidLastFours: accounts.map((a) => lastFour(a.accountNumber)),
          digits,
        },
      );
      const stream = streams.account(accountId);
      const account = await uow.load(stream, accountAggregate);
      uow.appendNew(
        stream,
        decideAccount(
          {
            type: 'Open',
            data: {
              accountId,
              customerId,
              accountNumber: number,
              routingNumber: ctx.routingNumber,
              name: template.name,
              type: template.type,
              productCode: template.productCode,
              currency: 'USD',
            },
          },
          account.state,
        ),
      );
      accounts.push({ accountId, accountNumber: number });
    }
    return { customerId, accountNumber, accounts };
  });
}
