import { HISTORY_FILTER_MESSAGES } from '@bank/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { centsOf } from '@/lib/cents';

export type FilterValues = { from: string; to: string; type: string; min: string; max: string };
export type FilterProblems = Partial<Record<keyof FilterValues, string>>;

const EMPTY: FilterValues = { from: '', to: '', type: '', min: '', max: '' };

/** The bank's own words when it refuses such filters. */
export const FILTER_MESSAGES = HISTORY_FILTER_MESSAGES;

/** Dollars with at most 2 decimals, by their text (never by floating point). */
const isAmountBound = (text: string) => /^\d+(\.\d{1,2})?$/.test(text.trim());

/** What the bank would refuse in these filters, by field (empty when they can be applied). */
export function filterProblems(v: FilterValues): FilterProblems {
  const problems: FilterProblems = {};
  if (v.min && !isAmountBound(v.min)) problems.min = FILTER_MESSAGES.min;
  if (v.max && !isAmountBound(v.max)) problems.max = FILTER_MESSAGES.max;
  if (v.from && v.to && v.to < v.from) problems.to = FILTER_MESSAGES.toBeforeFrom;
  if (!problems.min && !problems.max && v.min && v.max && centsOf(v.max) < centsOf(v.min))
    problems.max = FILTER_MESSAGES.maxBelowMin;
  return problems;
}

const FIELD_ORDER: (keyof FilterValues)[] = ['from', 'to', 'type', 'min', 'max'];

/** A custom date range, money in or out, and amount bounds, applied together. */
export function HistoryFilters({
  values,
  onApply,
}: {
  values: FilterValues;
  onApply: (values: FilterValues) => void;
}) {
  const [draft, setDraft] = useState(values);
  const summary = useRef<HTMLElement>(null);
  // Shown once Apply found a problem; from then on re-judged as the customer corrects it.
  const [problems, setProblems] = useState<FilterProblems | null>(null);
  // The applied filters changed under the form (Back, Forward, a link): the form shows them, not
  // what was typed for the filters before, which Apply would otherwise bring back.
  const [shown, setShown] = useState(values);
  if (FIELD_ORDER.some((field) => shown[field] !== values[field])) {
    setShown(values);
    setDraft(values);
    setProblems(null);
  }
  const active = Object.values(values).some(Boolean);

  const set = (field: keyof FilterValues) => (e: { target: { value: string } }) => {
    const next = { ...draft, [field]: e.target.value };
    setDraft(next);
    if (problems) setProblems(filterProblems(next));
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found = filterProblems(draft);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) {
      setProblems(found);
      e.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setProblems(null);
    onApply(draft);
  };

  const field = (name: keyof FilterValues) => ({
    name,
    value: draft[name],
    onChange: set(name),
    error: problems?.[name],
  });

  return (
    <details className="history-filters" open={active || undefined}>
      <summary ref={summary}>More filters{active ? ' (on)' : ''}</summary>
      <form
        className="history-filters__form"
        onSubmit={submit}
        aria-label="More filters"
        noValidate
      >
        <TextField label="From" type="date" {...field('from')} />
        <TextField label="To" type="date" {...field('to')} />
        <SelectField label="Type" {...field('type')}>
          <option value="">All</option>
          <option value="credit">Money in</option>
          <option value="debit">Money out</option>
        </SelectField>
        <TextField
          label="Minimum amount"
          type="number"
          inputMode="decimal"
          min="0"
          step="0.01"
          {...field('min')}
        />
        <TextField
          label="Maximum amount"
          type="number"
          inputMode="decimal"
          min="0"
          step="0.01"
          {...field('max')}
        />
        <div className="history-filters__actions">
          <Button type="submit" size="sm">
            Apply filters
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              setDraft(EMPTY);
              setProblems(null);
              onApply(EMPTY);
              // Without filters the panel closes, over the button that had the focus.
              summary.current?.focus();
            }}
          >
            Clear
          </Button>
        </div>
      </form>
    </details>
  );
}
