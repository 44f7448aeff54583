import {
  defaultNotificationPreferences,
  type CardView,
  type PayeeView,
  type UserView,
} from '@bank/contracts';
import type { Account } from '@/lib/accounts';
import type { Transaction } from '@/lib/transactions';
import { TOKEN_KEY, USER_KEY } from '@/lib/session-storage';

/** The signed-in customer as GET /api/user answers it (the contract's shape). */
export const testUser: UserView = {
  id: 'u1',
  name: 'Alex Morgan',
  email: 'alex.morgan@example.com',
  phone: '555-0100',
  address: '1 Harbor Way',
  city: 'Springfield',
  state: 'IL',
  zip_code: '62701',
  zipCode: '62701',
  date_of_birth: '1990-04-01',
  dateOfBirth: '1990-04-01',
  account_number: '598410238009',
  employment_status: null,
  profileImage: null,
  notification_preferences: defaultNotificationPreferences,
  created_at: '2025-01-02T10:00:00.000Z',
  unverified_contacts: [],
};

/** Stores a session the way the app does, so AuthProvider fetches /api/user on start. */
export function storeSession() {
  localStorage.setItem(TOKEN_KEY, 'tok-test');
  localStorage.setItem(USER_KEY, JSON.stringify(testUser));
}

/** An account as GET /api/accounts answers it (the contract's shape). */
export const account = (over: Partial<Account> = {}): Account => ({
  id: 'a1',
  name: 'Premium Checking',
  account_name: 'Premium Checking',
  type: 'checking',
  account_type: { code: 'premium_checking', name: 'Premium Checking' },
  balance: 1500.25,
  available_balance: 1400,
  account_number: '111122223333',
  formatted_account_number: '****3333',
  routing_number: '102000196',
  status: 'active',
  interest_rate: 1.25,
  monthly_fee: 0,
  currency: 'USD',
  opened_at: '2025-01-02T10:00:00.000Z',
  last_transaction_date: null,
  ...over,
});

/** A line of the history as the server answers it (the contract's shape). */
export const transaction = (over: Partial<Transaction> = {}): Transaction => ({
  id: 't1',
  type: 'debit',
  description: 'Blue Spruce Cafe',
  amount: -12.5,
  date: '2025-03-02T10:00:00Z',
  status: 'completed',
  kind: 'card_purchase',
  account: { id: 'a1', name: 'Premium Checking' },
  account_id: 'a1',
  account_name: 'Premium Checking',
  reference_number: 'REF-1',
  metadata: {},
  category: 'dining',
  category_label: 'Dining',
  category_is_custom: false,
  ...over,
});

/** A bill-pay payee as the payee list answers it: Central Maine Power, no default amount. */
export const payee = (over: Partial<PayeeView> = {}): PayeeView => ({
  id: 'p1',
  name: 'Central Maine Power',
  display_name: 'Central Maine Power',
  category: 'utilities',
  category_label: 'Utilities',
  icon: 'zap',
  account_number: '****7788',
  formatted_account_number: '****7788',
  address: null,
  city: null,
  state: null,
  zip_code: null,
  phone: null,
  default_amount: null,
  autopay_enabled: false,
  autopay_day: null,
  autopay_amount: null,
  autopay_account_id: null,
  is_active: true,
  next_payment: null,
  created_at: '2026-11-30T10:00:00Z',
  ...over,
});

/** A card as GET /api/cards answers it (the contract's shape): an active debit card. */
export const card = (over: Partial<CardView> = {}): CardView => ({
  id: 'c1',
  card_name: 'Harborview Debit Card',
  card_type: 'debit',
  card_network: 'visa',
  bank_account: { id: 'a1', account_name: 'Premium Checking' },
  masked_number: '**** **** **** 4870',
  last_four: '4870',
  expiry_date: '12/30',
  status: 'active',
  is_replacement: false,
  replaces_card_id: null,
  application: { is_pending: false, description: '', benefits: [], terms: null },
  settings: {
    transaction_alerts: true,
    international_transactions: false,
    contactless_enabled: true,
  },
  limits: { daily_atm_limit: 500, daily_purchase_limit: 2500 },
  has_pin: true,
  issued_at: '2026-01-01T00:00:00.000Z',
  reported_at: null,
  ...over,
});
