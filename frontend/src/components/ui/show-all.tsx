import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from './button';

/** How many rows a long list shows until the customer asks for all of them. */
export const FIRST_ROWS = 10;

/**
 * A long list shown by its first rows, with "Show all (N)" below them. Pressing it shows every row
 * and moves the focus to the first row it revealed (the button goes). Nothing is remembered: the
 * list is short again on the next visit.
 */
function useShowAll<T>(items: readonly T[], first = FIRST_ROWS) {
  const [all, setAll] = useState(false);
  const listId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const revealed = useRef(false);

  useEffect(() => {
    if (!all || !revealed.current) return;
    revealed.current = false;
    const row = listRef.current?.children[first];
    if (row instanceof HTMLElement) {
      if (!row.hasAttribute('tabindex')) row.tabIndex = -1;
      row.focus();
    }
  }, [all, first]);

  const hidden = all ? 0 : Math.max(0, items.length - first);
  const showAllButton: ReactNode =
    hidden > 0 ? (
      <div className="show-all">
        <Button
          variant="secondary"
          size="sm"
          aria-controls={listId}
          onClick={() => {
            revealed.current = true;
            setAll(true);
          }}
        >
          Show all ({items.length})
        </Button>
      </div>
    ) : null;

  return {
    shown: hidden > 0 ? items.slice(0, first) : items,
    listProps: { id: listId, ref: listRef },
    showAllButton,
  };
}

/**
 * A list (`<ul>`) of `items` that shows the first rows with "Show all (N)" below them: the one way
 * the app shows a list that can grow long (schedules, payees, saved recipients).
 */
export function ShowAllList<T>({
  items,
  className,
  children: row,
}: {
  items: readonly T[];
  className?: string;
  children: (item: T) => ReactNode;
}) {
  const rows = useShowAll(items);
  return (
    <>
      <ul className={className} {...rows.listProps}>
        {rows.shown.map(row)}
      </ul>
      {rows.showAllButton}
    </>
  );
}
