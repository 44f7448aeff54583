import { useCallback } from 'react';
import { useLocation } from 'react-router-dom';
import { useUpdateSearchParams } from './use-update-search-params';

/**
 * A page's tab, kept in the address as `?tab=` (the first tab leaves it out). Choosing a tab is a
 * step of the browser's history, as choosing a page is: Back returns to the tab before, and from
 * a receipt opened on a tab, or after a reload, to that tab. The page's other search parameters
 * and its #anchor are kept. `setTab` keeps its identity across renders.
 */
export function useTabParam<T extends string>(
  tabs: readonly T[],
): [tab: T, setTab: (tab: T) => void] {
  const location = useLocation();
  const update = useUpdateSearchParams();
  const first = tabs[0] as T;
  const asked = new URLSearchParams(location.search).get('tab');
  const tab = tabs.find((t) => t === asked) ?? first;
  const setTab = useCallback(
    (next: T) => update({ tab: next === first ? null : next }),
    [update, first],
  );
  return [tab, setTab];
}
