import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';

export type FilterValues = { from: string; to: string; type: string; min: string; max: string };

const EMPTY: FilterValues = { from: '', to: '', type: '', min: '', max: '' };

/** A custom date range, money in or out, and amount bounds, applied together. */
export function HistoryFilters({
  values,
  onApply,
}: {
  values: FilterValues;
  onApply: (values: FilterValues) => void;
}) {
  const [draft, setDraft] = useState(values);
  const active = Object.values(values).some(Boolean);
  const set = (field: keyof FilterValues) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [field]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(draft);
  };
  return (
    <details className="history-filters" open={active || undefined}>
      <summary>More filters{active ? ' (on)' : ''}</summary>
      <form className="history-filters__form" onSubmit={submit} aria-label="More filters">
        <label>
          From
          <input className="input" type="date" value={draft.from} onChange={set('from')} />
        </label>
        <label>
          To
          <input className="input" type="date" value={draft.to} onChange={set('to')} />
        </label>
        <label>
          Type
          <select className="input" value={draft.type} onChange={set('type')}>
            <option value="">All</option>
            <option value="credit">Money in</option>
            <option value="debit">Money out</option>
          </select>
        </label>
        <label>
          Minimum amount
          <input
            className="input"
            type="number"
            inputMode="decimal"
            min="0"
            step="0.01"
            value={draft.min}
            onChange={set('min')}
          />
        </label>
        <label>
          Maximum amount
          <input
            className="input"
            type="number"
            inputMode="decimal"
            min="0"
            step="0.01"
            value={draft.max}
            onChange={set('max')}
          />
        </label>
        <div className="history-filters__actions">
          <Button type="submit" size="sm">
            Apply filters
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              setDraft(EMPTY);
              onApply(EMPTY);
            }}
          >
            Clear
          </Button>
        </div>
      </form>
    </details>
  );
}
