import {
  createColumnHelper,
  createSortedRowModel,
  rowSortingFeature,
  sortFns,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useMemo, useState } from 'react';
import { ReceiptLink } from '@/components/transactions/receipt-link';
import { Badge } from '@/components/ui/feedback';
import { SelectField } from '@/components/ui/field';
import { LoadMore, type NextPages } from '@/components/ui/load-more';
import { formatDate, formatSignedMoney } from '@/lib/format';
import type { HistoryItem } from '../api/get-bill-history';
import {
  filterHistory,
  HISTORY_FILTERS,
  historyCategoryLabel,
  historyStatusLabel,
  historyStatusTone,
  historyTypeAndCategory,
  type HistoryFilter,
} from '../lib/history';

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns,
});
const helper = createColumnHelper<typeof features, HistoryItem>();

const columns = helper.columns([
  helper.accessor('description', { header: 'Description', sortFn: 'alphanumeric' }),
  helper.accessor((row) => historyCategoryLabel(row.category), {
    id: 'category',
    header: 'Category',
    sortFn: 'alphanumeric',
  }),
  helper.accessor('type_label', {
    id: 'type',
    header: 'Type',
    sortFn: 'alphanumeric',
  }),
  helper.accessor('amount', { header: 'Amount', sortFn: 'basic' }),
  helper.accessor((row) => Date.parse(row.date) || 0, {
    id: 'date',
    header: 'Date',
    sortFn: 'basic',
  }),
  helper.accessor('status', { header: 'Status', sortFn: 'alphanumeric' }),
  helper.accessor('account_name', {
    id: 'account',
    header: 'Account',
    sortFn: 'alphanumeric',
  }),
]);

const EMPTY: HistoryItem[] = [];

function Amount({ value }: { value: number }) {
  return (
    <span className={`tabular ${value >= 0 ? 'amount--credit' : 'amount--debit'}`}>
      {formatSignedMoney(value)}
    </span>
  );
}

function Status({ status }: { status: string }) {
  return <Badge tone={historyStatusTone(status)}>{historyStatusLabel(status)}</Badge>;
}

/**
 * Complete Transaction History: a type filter that filters, and sortable columns, over the lines
 * loaded so far; Load more under them while older lines remain.
 */
export function HistoryTable({
  items,
  older,
}: {
  items: HistoryItem[] | undefined;
  older?: NextPages;
}) {
  const [filter, setFilter] = useState<HistoryFilter>('all');
  const data = useMemo(() => filterHistory(items ?? EMPTY, filter), [items, filter]);
  const table = useTable(
    { features, columns, data, initialState: { sorting: [{ id: 'date', desc: true }] } },
    (state) => ({ sorting: state.sorting }),
  );
  const rows = table.getRowModel().rows;

  return (
    <div className="stack">
      <div className="history-toolbar">
        <SelectField
          label="Show"
          value={filter}
          onChange={(e) => setFilter(e.target.value as HistoryFilter)}
        >
          {Object.entries(HISTORY_FILTERS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <p className="muted" aria-live="polite">
          {rows.length} {rows.length === 1 ? 'item' : 'items'}
          {older?.hasNextPage ? ' shown so far' : ''}
        </p>
      </div>
      {rows.length === 0 ? (
        <div className="empty-state">
          <p className="history-empty__title">No Transaction History</p>
          <p>Payments and transfers will appear here.</p>
        </div>
      ) : (
        <>
          <div className="history-table-wrap">
            <table className="history-table">
              <caption className="sr-only">
                Complete Transaction History, {HISTORY_FILTERS[filter]}
              </caption>
              <thead>
                {table.getHeaderGroups().map((group) => (
                  <tr key={group.id}>
                    {group.headers.map((header) => {
                      const sorted = header.column.getIsSorted();
                      const Icon =
                        sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown;
                      return (
                        <th
                          key={header.id}
                          scope="col"
                          aria-sort={
                            sorted === 'asc'
                              ? 'ascending'
                              : sorted === 'desc'
                                ? 'descending'
                                : 'none'
                          }
                          className={header.column.id === 'amount' ? 'num' : undefined}
                        >
                          <button
                            type="button"
                            className="sort-btn"
                            onClick={header.column.getToggleSortingHandler()}
                          >
                            <table.FlexRender header={header} />
                            <Icon size={14} aria-hidden="true" />
                          </button>
                        </th>
                      );
                    })}
                  </tr>
                ))}
              </thead>
              <tbody>
                {rows.map((row) => {
                  const item = row.original;
                  return (
                    <tr key={row.id}>
                      <td>
                        <ReceiptLink id={item.receipt_id} from="Bill Pay">
                          {item.description}
                        </ReceiptLink>
                      </td>
                      <td>{historyCategoryLabel(item.category)}</td>
                      <td>{item.type_label}</td>
                      <td className="num">
                        <Amount value={item.amount} />
                      </td>
                      <td>{formatDate(item.date)}</td>
                      <td>
                        <Status status={item.status} />
                      </td>
                      <td>{item.account_name}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <ul className="history-cards" aria-label="Complete Transaction History">
            {rows.map((row) => {
              const item = row.original;
              return (
                <li key={row.id} className="history-card">
                  <div className="history-card__top">
                    <span className="history-card__desc">
                      <ReceiptLink id={item.receipt_id} from="Bill Pay">
                        {item.description}
                      </ReceiptLink>
                    </span>
                    <Amount value={item.amount} />
                  </div>
                  <div className="history-card__meta muted">
                    {historyTypeAndCategory(item)} · {formatDate(item.date)} · {item.account_name}
                  </div>
                  <Status status={item.status} />
                </li>
              );
            })}
          </ul>
        </>
      )}
      {older ? <LoadMore pages={older} /> : null}
    </div>
  );
}
