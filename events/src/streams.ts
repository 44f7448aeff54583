/** Stream naming, in one place so writers and readers agree. */
export const streams = {
  customer: (customerId: string) => `customer-${customerId}`,
  account: (accountId: string) => `account-${accountId}`,
  notifications: (customerId: string) => `notifications-${customerId}`,
  contactRequest: (requestId: string) => `contact-${requestId}`,
  /** Reservation streams make identifiers unique: a second claim finds the stream taken. */
  reservation: (kind: 'account_number' | 'email' | 'phone' | 'bank_account', value: string) =>
    `reservation-${kind}-${value}`,
};

/** Internal ledger accounts: the other leg of money entering or leaving the bank, and fees. */
export const ledgerAccounts = {
  cash: 'cash:teller',
  clearingExternal: 'clearing:external',
  clearingSepa: 'clearing:sepa',
  clearingZelle: 'clearing:zelle',
  clearingBillPay: 'clearing:bill_pay',
  clearingCrypto: 'clearing:crypto',
  feeIncome: 'income:fees',
  openingBalances: 'equity:opening',
  account: (accountId: string) => `account:${accountId}`,
};
