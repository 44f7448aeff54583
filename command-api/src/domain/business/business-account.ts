import {
  BUSINESS_ACCOUNT_NAME,
  BUSINESS_MESSAGES,
  MAX_BUSINESS_ACCOUNTS,
  type BusinessType,
} from '@bank/contracts/business-account-rules';
import { AccountOpened, BusinessProfileRecorded } from '@bank/events';
import { DomainError } from '../../kernel/aggregate.ts';
import type { CustomerState } from '../customer/customer.ts';

export const TOO_MANY_BUSINESS_ACCOUNTS = 'too_many_business_accounts';

/** What the products' terms say: no monthly fee and no interest; no opening deposit online. */
export const BUSINESS_CHECKING_PRODUCT = 'business_checking';

export interface OpenBusinessAccount {
  customerId: string;
  accountId: string;
  accountNumber: string;
  routingNumber: string;
  /** Checked and trimmed (checkBusinessName). */
  businessName: string;
  businessType: BusinessType;
  /** The EIN sealed with the bank's secrets key: the plain number is never in an event. */
  einSealed: string;
  einLast4: string;
}

/**
 * Opens a business checking account for a registered customer: the business profile on the
 * customer's stream (whose count keeps the limit, and whose version makes two racing opens meet
 * at the append) and the account's opening on its own new stream. Pure: no I/O.
 */
export function decideOpenBusinessAccount(customer: CustomerState, command: OpenBusinessAccount) {
  if (!customer.registered || customer.erased) {
    throw new DomainError('not_found', 'The requested resource was not found.');
  }
  if (customer.businessAccounts >= MAX_BUSINESS_ACCOUNTS) {
    throw new DomainError(TOO_MANY_BUSINESS_ACCOUNTS, BUSINESS_MESSAGES.tooMany);
  }
  const { customerId, accountId } = command;
  return {
    customerEvents: [
      BusinessProfileRecorded.create({
        customerId,
        accountId,
        businessName: command.businessName,
        businessType: command.businessType,
        einSealed: command.einSealed,
        einLast4: command.einLast4,
      }),
    ],
    accountEvents: [
      AccountOpened.create({
        accountId,
        customerId,
        accountNumber: command.accountNumber,
        routingNumber: command.routingNumber,
        name: BUSINESS_ACCOUNT_NAME,
        type: 'business',
        productCode: BUSINESS_CHECKING_PRODUCT,
        currency: 'USD',
      }),
    ],
  };
}
