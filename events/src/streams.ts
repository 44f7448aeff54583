import { createHash } from 'node:crypto';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Stream naming, in one place so writers and readers agree. */
export const streams = {
  customer: (customerId: string) => `customer-${customerId}`,
  account: (accountId: string) => `account-${accountId}`,
  notifications: (customerId: string) => `notifications-${customerId}`,
  contactRequest: (requestId: string) => `contact-${requestId}`,
  savingsGoal: (accountId: string) => `savings-goal-${accountId}`,
  transactionCategories: (customerId: string) => `transaction-categories-${customerId}`,
  /** The address book and the first payment to each external or SEPA account. */
  savedRecipients: (customerId: string) => `saved-recipients-${customerId}`,
  /**
   * Reservation streams make identifiers unique: a second claim finds the stream taken. Emails and
   * phone numbers are personal data, so their stream ids carry a SHA-256 of the value instead.
   */
  reservation: (kind: 'account_number' | 'email' | 'phone' | 'bank_account', value: string) =>
    `reservation-${kind}-${kind === 'email' || kind === 'phone' ? sha256(value) : value}`,
};

/** Internal ledger accounts: the other leg of money entering or leaving the bank, and fees. */
export const ledgerAccounts = {
  cash: 'cash:teller',
  /** Card purchases, and the refund of a charge disputed and won (the network's chargeback). */
  clearingCard: 'clearing:card',
  clearingExternal: 'clearing:external',
  clearingSepa: 'clearing:sepa',
  clearingWire: 'clearing:wire',
  clearingZelle: 'clearing:zelle',
  clearingBillPay: 'clearing:bill_pay',
  clearingCrypto: 'clearing:crypto',
  feeIncome: 'income:fees',
  /** What the bank pays out as interest on deposits: the other leg of each interest credit. */
  interestExpense: 'expense:interest',
  openingBalances: 'equity:opening',
  account: (accountId: string) => `account:${accountId}`,
};
