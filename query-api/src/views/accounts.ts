import { accountProduct, centsToDollars } from '@bank/events';
import type { AccountRow } from '@bank/projections';

export function maskAccountNumber(number: string): string {
  return `****${number.slice(-4)}`;
}

export function accountView(row: AccountRow) {
  const product = accountProduct(row.product_code);
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
    // Basis points to the percentage shown (125 → 1.25).
    interest_rate: product.rateBasisPoints / 100,
    monthly_fee: centsToDollars(product.monthlyFeeCents),
    opened_at: row.opened_at.toISOString(),
    last_transaction_date: row.last_transaction_at?.toISOString() ?? null,
  };
}
