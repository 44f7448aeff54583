// Bank accounts as the server returns them (GET /api/accounts and /api/dashboard).

export type AccountKind = 'checking' | 'savings' | 'investment' | 'business' | 'other';

export type Account = {
  id: string | number;
  name: string;
  account_name?: string;
  type: AccountKind | (string & {});
  account_type?: { code: string; name: string } | null;
  balance: number;
  available_balance: number;
  account_number: string;
  formatted_account_number?: string;
  routing_number?: string | null;
  status: string;
  interest_rate?: number | null;
  monthly_fee?: number | null;
  currency?: string;
  last_transaction_date?: string | null;
};

export function accountName(account: Pick<Account, 'name' | 'account_name'>): string {
  return account.account_name || account.name;
}

export function totalBalance(accounts: Pick<Account, 'balance'>[]): number {
  return Math.round(accounts.reduce((sum, a) => sum + Number(a.balance || 0), 0) * 100) / 100;
}
