/**
 * The transaction categories: one table for the projections (a posting's default category), the
 * query API (labels) and the web app (which shows the labels the API sends).
 *
 * Card purchases are categorised by the merchant category code (MCC, ISO 18245) the card network
 * sends; every other movement by its source (the posting's kind and other leg), never by words in
 * its description.
 */
export const transactionCategories = {
  income: 'Income',
  deposits: 'Deposits',
  interest: 'Interest',
  transfers: 'Transfers',
  zelle: 'Zelle',
  bills: 'Bills & payments',
  fees: 'Fees',
  crypto: 'Crypto',
  groceries: 'Groceries',
  fuel: 'Gas & fuel',
  dining: 'Dining',
  shopping: 'Shopping',
  subscriptions: 'Subscriptions',
  utilities: 'Utilities',
  travel: 'Travel',
  health: 'Health',
  other: 'Other',
} as const;

export type TransactionCategory = keyof typeof transactionCategories;

export const transactionCategoryKeys = Object.keys(
  transactionCategories,
) as readonly TransactionCategory[] as [TransactionCategory, ...TransactionCategory[]];

export function isTransactionCategory(value: unknown): value is TransactionCategory {
  return typeof value === 'string' && Object.hasOwn(transactionCategories, value);
}

export function categoryLabel(category: TransactionCategory): string {
  return transactionCategories[category];
}

/** Merchant category codes, as single codes or inclusive ranges, and the category of each. */
const merchantCategoryRanges: readonly [from: number, to: number, TransactionCategory][] = [
  [3000, 3299, 'travel'], // airlines
  [3351, 3441, 'travel'], // car rental
  [3501, 3999, 'travel'], // hotels
  [4011, 4131, 'travel'], // rail, taxis, buses
  [4411, 4411, 'travel'], // cruise lines
  [4511, 4511, 'travel'], // air carriers
  [4722, 4722, 'travel'], // travel agencies
  [4784, 4784, 'travel'], // tolls
  [4812, 4816, 'utilities'], // telecom, internet
  [4899, 4899, 'subscriptions'], // cable and streaming
  [4900, 4900, 'utilities'], // electric, gas, water
  [5300, 5399, 'shopping'], // wholesale clubs, department and discount stores
  [5411, 5411, 'groceries'],
  [5422, 5499, 'groceries'], // butchers, dairies, bakeries, convenience food
  [5541, 5542, 'fuel'], // service stations, automated fuel dispensers
  [5600, 5699, 'shopping'], // clothing
  [5700, 5799, 'shopping'], // home furnishing, electronics
  [5811, 5814, 'dining'], // caterers, restaurants, bars, fast food
  [5815, 5818, 'subscriptions'], // digital goods and media
  [5900, 5911, 'shopping'],
  [5912, 5912, 'health'], // drug stores and pharmacies
  [5913, 5999, 'shopping'], // miscellaneous retail
  [5983, 5983, 'fuel'], // fuel dealers (inside the range above: listed later, wins)
  [7011, 7011, 'travel'], // lodging
  [8011, 8099, 'health'], // doctors, dentists, hospitals
];

/** The category of a merchant category code; unknown or missing codes are Other. */
export function categoryOfMerchantCode(code: unknown): TransactionCategory {
  const n = typeof code === 'string' && /^\d{4}$/.test(code) ? Number(code) : NaN;
  let found: TransactionCategory = 'other';
  for (const [from, to, category] of merchantCategoryRanges) {
    if (n >= from && n <= to) found = category;
  }
  return found;
}

/** What a posting carries that decides its category. */
export interface CategorySource {
  direction: 'credit' | 'debit';
  kind: string;
  contra?: string | null | undefined;
  metadata?: Record<string, unknown> | null | undefined;
}

/**
 * Credits that give a purchase's money back (a won dispute): spending returned, filed where the
 * purchase was, not income.
 */
export const PURCHASE_REFUND_KINDS: ReadonlySet<string> = new Set(['dispute_refund']);

/** A posting's category before the customer changes it. */
export function defaultCategory(p: CategorySource): TransactionCategory {
  const kind = p.kind.toLowerCase();
  if (kind === 'card_purchase' || PURCHASE_REFUND_KINDS.has(kind)) {
    return categoryOfMerchantCode(p.metadata?.merchant_category_code);
  }
  if (kind === 'interest') return 'interest';
  if (kind === 'fee') return 'fees';
  if (kind === 'cashback') return 'income';
  if (kind.startsWith('zelle')) return 'zelle';
  if (kind.startsWith('bill_payment') || kind === 'bill') return 'bills';
  if (kind.startsWith('crypto')) return 'crypto';
  if (kind === 'deposit' || kind === 'opening') {
    // Cash at the teller or an opening deposit is the customer's own money; money from
    // outside the bank (payroll, benefits) is income.
    return p.contra === 'cash:teller' || kind === 'opening' ? 'deposits' : 'income';
  }
  // A transfer to another bank is held under its transfer type, 'external-bank', until it settles.
  if (
    ['transfer', 'external', 'external-bank', 'sepa', 'wire', 'ach'].includes(kind) ||
    kind.startsWith('transfer') ||
    kind.endsWith('-wire')
  )
    return 'transfers';
  return 'other';
}
