import { useCallback, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * A page's tab, kept in the address as `?tab=` (the first tab leaves it out). Choosing a tab
 * replaces the current history entry, so the browser's Back from a receipt opened on a tab, or a
 * reload, comes back to that tab, while Back from the page still leaves it. The page's other
 * search parameters and its #anchor are kept. `setTab` keeps its identity across renders.
 */
export function useTabParam<T extends string>(
  tabs: readonly T[],
): [tab: T, setTab: (tab: T) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const first = tabs[0] as T;
  const asked = new URLSearchParams(location.search).get('tab');
  const tab = tabs.find((t) => t === asked) ?? first;
  const current = useRef(location);
  useLayoutEffect(() => {
    current.current = location;
  }, [location]);
  const setTab = useCallback(
    (next: T) => {
      const { search, hash } = current.current;
      const params = new URLSearchParams(search);
      if (next === first) params.delete('tab');
      else params.set('tab', next);
      const query = params.toString();
      void navigate(
        { search: query ? `?${query}` : '', hash },
        { replace: true, preventScrollReset: true },
      );
    },
    [navigate, first],
  );
  return [tab, setTab];
}
