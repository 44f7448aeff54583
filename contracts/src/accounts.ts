import { z } from 'zod';
import { successOf } from './envelope.ts';

/**
 * A bank account as the accounts list and the dashboard show it. Amounts are dollars (numbers with
 * at most two decimals); the ledger keeps integer cents.
 */
export const accountView = z.object({
  id: z.string(),
  name: z.string(),
  /** The same name again: older screens read `account_name`. */
  account_name: z.string(),
  /** checking, savings, investment, ... */
  type: z.string(),
  account_type: z.object({ code: z.string(), name: z.string() }),
  balance: z.number(),
  /** The balance less the holds of payments not yet settled. */
  available_balance: z.number(),
  currency: z.string(),
  account_number: z.string(),
  formatted_account_number: z.string(),
  routing_number: z.string(),
  status: z.string(),
  /** % APY. */
  interest_rate: z.number(),
  monthly_fee: z.number(),
  opened_at: z.string(),
  last_transaction_date: z.string().nullable(),
});
export type AccountView = z.infer<typeof accountView>;

/** The answer of GET /accounts: the customer's accounts in the order they were opened. */
export const accountsListData = z.object({ accounts: z.array(accountView) });
export const accountsList = successOf(accountsListData);
