import { useCallback, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

export type ParamChanges = Record<string, string | null>;

/**
 * Whether a change to the address's search parameters gets a history entry of its own: each
 * choice (a tab, a period, an account, applied filters) is one step of the browser's Back, while
 * typing in a search box is one step for the whole search: the first key starts it (a new entry),
 * the next keys edit it in place. A change that changes nothing is no step at all.
 */
export function historyStep(
  before: URLSearchParams,
  changes: ParamChanges,
  typing: boolean,
): 'none' | 'push' | 'replace' {
  const entries = Object.entries(changes);
  if (entries.every(([key, value]) => (before.get(key) ?? '') === (value ?? ''))) return 'none';
  const editing = typing && entries.every(([key, value]) => Boolean(before.get(key)) && value);
  return editing ? 'replace' : 'push';
}

/**
 * Sets or removes (null, '') search parameters of the current address, keeping the others and
 * its #anchor, with the history step `historyStep` decides. The page keeps its scroll position.
 * The function keeps its identity across renders.
 */
export function useUpdateSearchParams() {
  const location = useLocation();
  const navigate = useNavigate();
  const current = useRef(location);
  useLayoutEffect(() => {
    current.current = location;
  }, [location]);
  return useCallback(
    (changes: ParamChanges, { typing = false }: { typing?: boolean } = {}) => {
      const { search, hash } = current.current;
      const before = new URLSearchParams(search);
      const step = historyStep(before, changes, typing);
      if (step === 'none') return;
      const params = new URLSearchParams(search);
      for (const [key, value] of Object.entries(changes)) {
        if (value) params.set(key, value);
        else params.delete(key);
      }
      const query = params.toString();
      // A second change before the page renders the first (two quick keys) builds on the first.
      current.current = { ...current.current, search: query ? `?${query}` : '' };
      void navigate(
        { search: query ? `?${query}` : '', hash },
        { replace: step === 'replace', preventScrollReset: true },
      );
    },
    [navigate],
  );
}
