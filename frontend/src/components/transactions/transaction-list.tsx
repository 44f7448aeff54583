import {
  ArrowDownLeft,
  ArrowLeftRight,
  Bitcoin,
  CircleDollarSign,
  Fuel,
  HeartPulse,
  Landmark,
  Lightbulb,
  Percent,
  Plane,
  Receipt,
  Send,
  ShoppingBag,
  ShoppingCart,
  Tv,
  Utensils,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/feedback';
import { HIDDEN_BALANCE } from '@/lib/balances-hidden';
import { formatDate, formatSignedMoney } from '@/lib/format';
import { statusLabel, statusTone, transactionCategory, type Transaction } from '@/lib/transactions';
import { receiptHref, type ReceiptReturn } from './receipt-link';
import './transactions.css';

/**
 * The dot between a line's parts ends the part before it (each part wraps as a whole), so a
 * wrapped line never starts with it.
 */
const SEPARATOR = <span aria-hidden="true">{'\u00a0·'}</span>;

// Presentation only: the categories and their labels come from the server.
const CATEGORY_LOOK: Record<string, { icon: LucideIcon; tone: string }> = {
  income: { icon: ArrowDownLeft, tone: 'income' },
  deposits: { icon: Landmark, tone: 'income' },
  interest: { icon: Percent, tone: 'income' },
  transfers: { icon: ArrowLeftRight, tone: 'transfer' },
  zelle: { icon: Send, tone: 'zelle' },
  bills: { icon: Receipt, tone: 'payment' },
  fees: { icon: Receipt, tone: 'payment' },
  crypto: { icon: Bitcoin, tone: 'other' },
  groceries: { icon: ShoppingCart, tone: 'shopping' },
  fuel: { icon: Fuel, tone: 'utilities' },
  dining: { icon: Utensils, tone: 'dining' },
  shopping: { icon: ShoppingBag, tone: 'shopping' },
  subscriptions: { icon: Tv, tone: 'dining' },
  utilities: { icon: Lightbulb, tone: 'utilities' },
  travel: { icon: Plane, tone: 'transfer' },
  health: { icon: HeartPulse, tone: 'zelle' },
};
const OTHER_LOOK = { icon: CircleDollarSign, tone: 'other' };

export function TransactionRow({
  tx,
  hidden = false,
  highlighted = false,
  onChangeCategory,
  receiptReturn,
}: {
  tx: Transaction;
  hidden?: boolean;
  highlighted?: boolean;
  /** Where the receipt goes back to; without it, to the line on its account's page. */
  receiptReturn?: ReceiptReturn;
  /** Offers to change the category (where the list allows it). */
  onChangeCategory?: (tx: Transaction) => void;
}) {
  const category = transactionCategory(tx);
  const look = CATEGORY_LOOK[category.key] ?? OTHER_LOOK;
  const Icon = look.icon;
  const amount = Number(tx.amount);
  return (
    <li
      className={highlighted ? 'tx tx--highlighted' : 'tx'}
      id={`txn-${tx.id}`}
      tabIndex={highlighted ? -1 : undefined}
      aria-current={highlighted ? 'true' : undefined}
    >
      <span className={`tx__icon tx__icon--${look.tone}`} aria-hidden="true">
        <Icon size={18} />
      </span>
      <div className="tx__main">
        <p className="tx__desc">
          {/* Every movement opens its receipt (reference, timeline, balance after it). */}
          <Link
            className="tx__link"
            to={receiptHref(String(tx.id))}
            state={receiptReturn && { receiptReturn }}
          >
            {tx.description}
          </Link>
        </p>
        <p className="tx__meta">
          <span>
            {onChangeCategory ? (
              <button
                type="button"
                className="tx__category-btn"
                onClick={() => onChangeCategory(tx)}
                aria-label={`Category: ${category.label}. Change category of ${tx.description}`}
              >
                {category.label}
              </button>
            ) : (
              category.label
            )}
            {SEPARATOR}
          </span>{' '}
          <span className="tx__date">
            {formatDate(tx.date)}
            {tx.account?.name ? SEPARATOR : null}
          </span>
          {tx.account?.name ? (
            <>
              {' '}
              <span>{tx.account.name}</span>
            </>
          ) : null}
        </p>
      </div>
      <div className="tx__side">
        <p className={`tx__amount tabular ${amount >= 0 ? 'amount--credit' : 'amount--debit'}`}>
          <span className="sr-only">{amount >= 0 ? 'Credit ' : 'Debit '}</span>
          {hidden ? HIDDEN_BALANCE : formatSignedMoney(amount)}
        </p>
        <Badge tone={statusTone(tx.status)}>{statusLabel(tx.status)}</Badge>
      </div>
    </li>
  );
}

export function TransactionList({
  transactions,
  label,
  hidden,
  highlightedId,
  onChangeCategory,
  receiptReturn,
}: {
  transactions: Transaction[];
  /** Where a receipt opened from this list goes back to; without it, to the line's account. */
  receiptReturn?: ReceiptReturn;
  /** Lets the customer change a transaction's category. */
  onChangeCategory?: (tx: Transaction) => void;
  label: string;
  /** Amounts masked ("Hide balance"). */
  hidden?: boolean;
  /** The transaction the customer came to see (from search). */
  highlightedId?: string | null;
}) {
  return (
    <ul role="list" className="tx-list" aria-label={label}>
      {transactions.map((tx) => (
        <TransactionRow
          key={tx.id}
          tx={tx}
          hidden={hidden}
          highlighted={highlightedId !== null && String(tx.id) === highlightedId}
          onChangeCategory={onChangeCategory}
          receiptReturn={receiptReturn}
        />
      ))}
    </ul>
  );
}
