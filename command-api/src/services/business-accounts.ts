import { randomUUID } from 'node:crypto';
import { BUSINESS_MESSAGES, type BusinessType } from '@bank/contracts/business-account-rules';
import { streams } from '@bank/events';
import { randomDigits, type EventMetadata } from '@bank/infra';
import { accountAggregate } from '../domain/account/account.ts';
import { decideOpenBusinessAccount } from '../domain/business/business-account.ts';
import { customerAggregate } from '../domain/customer/customer.ts';
import { claimNumber, customerLastFours } from './account-numbers.ts';
import type { CommandContext } from './context.ts';
import { refusingRepeats, runMoneyCommand, type RequestIdentity } from './idempotency.ts';

export interface BusinessAccountInput {
  businessName: string;
  businessType: BusinessType;
  /** The EIN's nine digits, checked (checkEin). */
  ein: string;
}

/**
 * Opens a business checking account at $0.00 for the customer, in one atomic append: the business
 * profile on the customer's stream (expected version: two opens at once cannot both pass the
 * limit), a reserved account number and the account. It runs under the request's Idempotency-Key
 * (a retry gets the first answer); without a key, the same request again within a minute (a
 * double click) is refused, told the account was just opened, instead of opening a second one.
 * `digits` is where the random account number comes from (tests script it).
 */
export async function openBusinessAccount(
  ctx: CommandContext,
  identity: RequestIdentity,
  metadata: EventMetadata,
  input: BusinessAccountInput,
  digits: (length: number) => string = randomDigits,
) {
  const { customerId } = identity;
  const einSealed = ctx.secrets.encrypt(input.ein);
  const once = refusingRepeats(identity, BUSINESS_MESSAGES.justOpened);
  return runMoneyCommand(ctx, once, metadata, async (uow) => {
    const customerStream = streams.customer(customerId);
    const customer = await uow.load(customerStream, customerAggregate);
    const accountId = randomUUID();
    const accountNumber = await claimNumber(
      uow,
      'bank_account',
      { customerId, accountId },
      {
        avoidLastFours: await customerLastFours(ctx.pool, customerId, customer.state.accountNumber),
        digits,
      },
    );
    const { customerEvents, accountEvents } = decideOpenBusinessAccount(customer.state, {
      customerId,
      accountId,
      accountNumber,
      routingNumber: ctx.routingNumber,
      businessName: input.businessName,
      businessType: input.businessType,
      einSealed,
      einLast4: input.ein.slice(-4),
    });
    uow.append(customerStream, customerEvents);
    const accountStream = streams.account(accountId);
    await uow.load(accountStream, accountAggregate);
    uow.appendNew(accountStream, accountEvents);
    const opened = accountEvents[0]!.data;
    return {
      statusCode: 201,
      body: {
        status: 'success' as const,
        message: 'Your business checking account is open.',
        data: {
          account: {
            id: accountId,
            name: opened.name,
            type: opened.type,
            account_type: { code: opened.productCode, name: 'Business Checking' },
            formatted_account_number: `****${accountNumber.slice(-4)}`,
            routing_number: opened.routingNumber,
            balance: 0,
            currency: opened.currency,
          },
        },
      },
    };
  });
}
