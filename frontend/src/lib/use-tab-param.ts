import { useCallback } from 'react';
import { useLocation } from 'react-router-dom';
import { useUpdateSearchParams } from './use-update-search-params';

/**
 * One of a page's choices kept in the address as `?<name>=`: choosing is a step of the browser's
 * history, as choosing a page is, so Back returns to the choice before, and a reload, a receipt
 * opened from the page or a shared link opens it on that choice. A value the address names that is
 * not a choice reads as the first one. The first choice is left out of the address unless
 * `keepFirst`: for choices that depend on the day (a month), the address then keeps naming the
 * one chosen after that day has passed. The page's other search parameters and its #anchor are
 * kept. `choose` keeps its identity across renders.
 */
export function useChoiceParam<T extends string>(
  name: string,
  choices: readonly T[],
  { keepFirst = false }: { keepFirst?: boolean } = {},
): [choice: T, choose: (choice: T) => void] {
  const location = useLocation();
  const update = useUpdateSearchParams();
  const first = choices[0] as T;
  const asked = new URLSearchParams(location.search).get(name);
  const choice = choices.find((c) => c === asked) ?? first;
  const choose = useCallback(
    (next: T) => update({ [name]: next === first && !keepFirst ? null : next }),
    [update, name, first, keepFirst],
  );
  return [choice, choose];
}

/** A page's tab, kept in the address as `?tab=` (the first tab leaves it out). */
export function useTabParam<T extends string>(
  tabs: readonly T[],
): [tab: T, setTab: (tab: T) => void] {
  return useChoiceParam('tab', tabs);
}
