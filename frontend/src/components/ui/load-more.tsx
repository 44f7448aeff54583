import { useEffect, useRef, useState } from 'react';
import { Button } from './button';
// Its own stylesheet, not ui.css. Rollup merges a small shared chunk into a bigger one only when
// it has no side effects, and importing a stylesheet is one: so the paging code the accounts and
// Bill Pay pages share stays in a chunk those pages alone load, not one every signed-in page does.
import './load-more.css';

/** What Load more needs of a list read a page at a time (TanStack Query's infinite query). */
export interface NextPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

/**
 * Load more under a list read a page at a time, while older lines remain. A page that fails to
 * load is told here, under the lines already shown, which stay; the next press tries again. Once
 * the customer has loaded the last page the button gives way to a line saying so, which takes the
 * focus the button had instead of leaving it on the page's body.
 */
export function LoadMore({
  pages,
  items = 'transactions',
}: {
  pages: NextPages;
  /** What the list holds, as its lines say it: "No older {items}." */
  items?: string;
}) {
  const [pressed, setPressed] = useState(false);
  const endLine = useRef<HTMLParagraphElement>(null);
  const reachedEnd = pressed && !pages.hasNextPage;
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (reachedEnd && lost) endLine.current?.focus();
  }, [reachedEnd]);

  if (reachedEnd) {
    return (
      <div className="load-more">
        <p className="muted" tabIndex={-1} ref={endLine}>
          No older {items}.
        </p>
      </div>
    );
  }
  if (!pages.hasNextPage) return null;
  return (
    <div className="load-more">
      {pages.isFetchNextPageError ? (
        <p className="muted" role="alert">
          We could not load more {items}. Please try again.
        </p>
      ) : null}
      <Button
        variant="secondary"
        loading={pages.isFetchingNextPage}
        onClick={() => {
          setPressed(true);
          void pages.fetchNextPage();
        }}
      >
        Load more
      </Button>
    </div>
  );
}
