import { Search, User } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { receiptHref, type ReceiptReturn } from '@/components/transactions/receipt-link';
import { pageName } from '@/components/ui/page';
import { formatDate, formatSignedMoney } from '@/lib/format';
import { MIN_SEARCH_LENGTH, SEARCH_LIMIT, useSearch } from '../api/search';
import './search.css';

type Option = {
  key: string;
  label: string;
  detail: string;
  to: string;
  group: 'Transactions' | 'Contacts';
};

function useDebounced<T>(value: T, delay: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(t);
  }, [value, delay]);
  return debounced;
}

/** The top bar search: a combobox over GET /api/search (transactions and contacts). */
export function GlobalSearch() {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const term = useDebounced(text.trim(), 300);
  const results = useSearch(term);
  const navigate = useNavigate();
  const listId = useId();
  const wrapRef = useRef<HTMLDivElement>(null);

  const options = useMemo<Option[]>(() => {
    if (!results.data || term.length < MIN_SEARCH_LENGTH) return [];
    return [
      ...results.data.transactions.map((t) => ({
        key: `t-${t.id}`,
        group: 'Transactions' as const,
        label: t.description,
        detail: `${formatDate(t.date)} · ${formatSignedMoney(Number(t.amount))}`,
        to: receiptHref(String(t.id)),
      })),
      ...results.data.contacts.slice(0, 5).map((c, i) => ({
        key: `c-${c.name}-${i}`,
        group: 'Contacts' as const,
        label: c.name,
        detail: c.contact ?? '',
        to: `/zelle?recipient=${encodeURIComponent(c.contact ?? '')}&name=${encodeURIComponent(c.name)}`,
      })),
    ];
  }, [results.data, term]);

  useEffect(() => setActive(-1), [options]);
  // The list scrolls within its popup: the option the arrow keys reach is brought into view.
  useEffect(() => {
    if (active >= 0)
      document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, listId]);

  const here = useLocation();
  const choose = (option: Option) => {
    setOpen(false);
    setText('');
    if (option.group === 'Transactions') {
      // The receipt goes back to the page the search was made on, by that page's own name, and
      // takes the focus: the search box it left behind is of no more use.
      const receiptReturn: ReceiptReturn = {
        href: `${here.pathname}${here.search}`,
        label: pageName(document.title),
      };
      navigate(option.to, { state: { receiptReturn, focusReceipt: true } });
    } else {
      navigate(option.to);
    }
  };

  const showPopup = open && term.length >= MIN_SEARCH_LENGTH;
  const status = results.isFetching
    ? 'Searching...'
    : results.isError
      ? 'Search is unavailable right now.'
      : options.length === 0
        ? `No transactions or contacts match "${term}".`
        : // At the limit, more may match: a longer term narrows them down.
          `${options.length}${results.data?.transactions.length === SEARCH_LIMIT ? '+' : ''} result${options.length === 1 ? '' : 's'}`;

  return (
    <div
      className="search"
      ref={wrapRef}
      onBlur={(e) => {
        if (!wrapRef.current?.contains(e.relatedTarget as Node)) setOpen(false);
      }}
    >
      <Search className="search__icon" size={18} aria-hidden="true" />
      <input
        type="search"
        className="input search__input"
        placeholder="Search transactions, contacts..."
        aria-label="Search transactions and contacts"
        role="combobox"
        aria-expanded={showPopup}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
            setActive((i) => Math.min(options.length - 1, i + 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((i) => Math.max(-1, i - 1));
          } else if (e.key === 'Enter') {
            const option = options[active >= 0 ? active : 0];
            if (option) {
              e.preventDefault();
              choose(option);
            }
          } else if (e.key === 'Escape') {
            setOpen(false);
          }
        }}
      />
      <div className="search__popup" hidden={!showPopup}>
        <p className="search__status" role="status">
          {showPopup ? status : ''}
        </p>
        <ul id={listId} role="listbox" aria-label="Search results">
          {options.map((option, index) => (
            <li
              key={option.key}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className="search__option"
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(option)}
            >
              <span className="search__group">
                {option.group === 'Contacts' ? <User size={14} aria-hidden="true" /> : null}
                {option.group}
              </span>
              <span className="search__label">{option.label}</span>
              <span className="search__detail">{option.detail}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
