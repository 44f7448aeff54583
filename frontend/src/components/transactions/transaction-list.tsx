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

export function TransactionRow({ tx }: { tx: Transaction }) {
  const category = deriveCategory(tx.description);
  const Icon = CATEGORY_ICONS[category];
  const amount = Number(tx.amount);
  return (
    <li className="tx">
      <span className={`tx__icon tx__icon--${category.toLowerCase()}`} aria-hidden="true">
        <Icon size={18} />
      </span>
      <div className="tx__main">
        <p className="tx__desc">{tx.description}</p>
        <p className="tx__meta">
          <span>{category}</span>
          <span aria-hidden="true"> · </span>
          <span>{formatDate(tx.date)}</span>
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
          {formatSignedMoney(amount)}
        </p>
        <Badge tone={statusTone(tx.status)}>{statusLabel(tx.status)}</Badge>
      </div>
    </li>
  );
}

export function TransactionList({
  transactions,
  label,
}: {
  transactions: Transaction[];
  label: string;
}) {
  return (
    <ul role="list" className="tx-list" aria-label={label}>
      {transactions.map((tx) => (
        <TransactionRow key={tx.id} tx={tx} />
      ))}
    </ul>
  );
}
