import { centsToDollars } from '@bank/events';
import type { AccountRow } from '@bank/projections';

/** Interest rate (% APY) and monthly fee by product, as the accounts page shows them. */
const PRODUCTS: Record<string, { label: string; rate: number; feeCents: number }> = {
  premium_checking: { label: 'Premium Checking', rate: 1.25, feeCents: 0 },
  high_yield_savings: { label: 'High Yield Savings', rate: 2.5, feeCents: 0 },
  money_market: { label: 'Money Market', rate: 2, feeCents: 10_00 },
  investment: { label: 'Investment', rate: 8, feeCents: 25_00 },
  cd: { label: 'Certificate of Deposit', rate: 3.5, feeCents: 0 },
  // Opened online at $0.00: no monthly fee and no interest.
  business_checking: { label: 'Business Checking', rate: 0, feeCents: 0 },
};
const OTHER = { label: 'Account', rate: 0.5, feeCents: 0 };

export function maskAccountNumber(number: string): string {
  return `****${number.slice(-4)}`;
}

export function accountView(row: AccountRow) {
  const product = PRODUCTS[row.product_code] ?? OTHER;
  return {
    id: row.account_id,
    name: row.name,
    account_name: row.name,
    type: row.type,
    account_type: { code: row.product_code, name: product.label },
    balance: centsToDollars(row.balance_cents),
    available_balance: centsToDollars(row.balance_cents - row.held_cents),
    currency: row.currency,
    account_number: row.account_number,
    formatted_account_number: maskAccountNumber(row.account_number),
    routing_number: row.routing_number,
    status: row.status,
    interest_rate: product.rate,
    monthly_fee: centsToDollars(product.feeCents),
    opened_at: row.opened_at.toISOString(),
    last_transaction_date: row.last_transaction_at?.toISOString() ?? null,
  };
}
