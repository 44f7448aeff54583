import { Button } from './button';

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
