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
 * load is told here, under the lines already shown, which stay; the next press tries again.
 */
export function LoadMore({ pages }: { pages: NextPages }) {
  if (!pages.hasNextPage) return null;
  return (
    <div className="load-more">
      {pages.isFetchNextPageError ? (
        <p className="muted" role="alert">
          We could not load more transactions. Please try again.
        </p>
      ) : null}
      <Button
        variant="secondary"
        loading={pages.isFetchingNextPage}
        onClick={() => void pages.fetchNextPage()}
      >
        Load more
      </Button>
    </div>
  );
}
