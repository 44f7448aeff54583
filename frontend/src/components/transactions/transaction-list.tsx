import {
  ArrowDownLeft,
  ArrowLeftRight,
  CircleDollarSign,
  Lightbulb,
  Receipt,
  Send,
  ShoppingBag,
  Utensils,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/feedback';
import { formatDate, formatSignedMoney } from '@/lib/format';
import {
  deriveCategory,
  statusLabel,
  statusTone,
  type Transaction,
  type TransactionCategory,
} from '@/lib/transactions';
import './transactions.css';

const CATEGORY_ICONS: Record<TransactionCategory, LucideIcon> = {
  Zelle: Send,
  Income: ArrowDownLeft,
  Shopping: ShoppingBag,
  Dining: Utensils,
  Utilities: Lightbulb,
  Transfer: ArrowLeftRight,
  Payment: Receipt,
  Other: CircleDollarSign,
};

const HIDDEN = '••••••';

export function TransactionRow({
  tx,
  hidden = false,
  highlighted = false,
}: {
  tx: Transaction;
  hidden?: boolean;
  highlighted?: boolean;
}) {
  const category = deriveCategory(tx.description);
  const Icon = CATEGORY_ICONS[category];
  const amount = Number(tx.amount);
  return (
    <li
      className={highlighted ? 'tx tx--highlighted' : 'tx'}
      id={`txn-${tx.id}`}
      tabIndex={highlighted ? -1 : undefined}
      aria-current={highlighted ? 'true' : undefined}
    >
      <span className={`tx__icon tx__icon--${category.toLowerCase()}`} aria-hidden="true">
        <Icon size={18} />
      </span>
      <div className="tx__main">
        <p className="tx__desc">
          {/* Every movement opens its receipt (reference, timeline, balance after it). */}
          <Link className="tx__link" to={`/transactions/${encodeURIComponent(String(tx.id))}`}>
            {tx.description}
          </Link>
        </p>
        <p className="tx__meta">
          <span>{category}</span>
          <span aria-hidden="true"> · </span>
          <span className="tx__date">{formatDate(tx.date)}</span>
          {tx.account?.name ? (
            <>
              <span aria-hidden="true"> · </span>
              <span>{tx.account.name}</span>
            </>
          ) : null}
        </p>
      </div>
      <div className="tx__side">
        <p className={`tx__amount tabular ${amount >= 0 ? 'amount--credit' : 'amount--debit'}`}>
          <span className="sr-only">{amount >= 0 ? 'Credit ' : 'Debit '}</span>
          {hidden ? HIDDEN : formatSignedMoney(amount)}
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
}: {
  transactions: Transaction[];
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
        />
      ))}
    </ul>
  );
}
