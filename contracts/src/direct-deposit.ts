// Direct deposit: the accounts an employer or benefits office can pay into. Payroll forms know a
// checking and a savings account; a business account is a business checking account, so it is
// named as checking; an investment account is neither, so none is offered for it.

export const DIRECT_DEPOSIT_ACCOUNT_TYPES: readonly string[] = ['checking', 'savings', 'business'];

export const DIRECT_DEPOSIT_REFUSAL =
  'Direct deposit goes to a checking or savings account. Choose one of those.';

export const takesDirectDeposit = (account: { type: string }) =>
  DIRECT_DEPOSIT_ACCOUNT_TYPES.includes(account.type);
