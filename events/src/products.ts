/**
 * Account products by code: the accounts page shows their rate and fee, and the monthly interest
 * job pays the rate. The rate is kept in basis points (1.25% = 125) so interest is computed in
 * integers; the page shows it as a percentage.
 */
export interface AccountProduct {
  label: string;
  /** Annual interest rate in basis points (hundredths of a percent). */
  rateBasisPoints: number;
  monthlyFeeCents: number;
}

const PRODUCTS: Record<string, AccountProduct> = {
  premium_checking: { label: 'Premium Checking', rateBasisPoints: 125, monthlyFeeCents: 0 },
  high_yield_savings: { label: 'High Yield Savings', rateBasisPoints: 250, monthlyFeeCents: 0 },
  money_market: { label: 'Money Market', rateBasisPoints: 200, monthlyFeeCents: 10_00 },
  investment: { label: 'Investment', rateBasisPoints: 800, monthlyFeeCents: 25_00 },
  cd: { label: 'Certificate of Deposit', rateBasisPoints: 350, monthlyFeeCents: 0 },
  // Opened online at $0.00: no monthly fee and no interest.
  business_checking: { label: 'Business Checking', rateBasisPoints: 0, monthlyFeeCents: 0 },
};
const OTHER: AccountProduct = { label: 'Account', rateBasisPoints: 50, monthlyFeeCents: 0 };

/** The product an account was opened as (an unknown code: a plain account at 0.50%). */
export function accountProduct(productCode: string): AccountProduct {
  return Object.hasOwn(PRODUCTS, productCode) ? PRODUCTS[productCode]! : OTHER;
}
