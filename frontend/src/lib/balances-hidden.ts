import { useSyncExternalStore } from 'react';
import { localStore } from './browser-storage';

/**
 * Whether the customer chose to hide their balances: one choice for every page that shows them
 * (the dashboard, the accounts, the crypto wallet), kept in this browser for the next visit, as a
 * privacy screen should be. Another tab follows the change.
 */
const KEY = 'balances_hidden';

/** What stands in for an amount while balances are hidden. */
export const HIDDEN_BALANCE = '••••••';

const storage = localStore;

// Read from the store each time (a boolean, so a stable snapshot): whatever cleared or changed
// it, the pages show what it holds. Where the browser refuses a store, the choice lives here.
let unstored = false;
const read = () => {
  const s = storage();
  return s ? s.getItem(KEY) === 'true' : unstored;
};

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function setBalancesHidden(next: boolean | ((hidden: boolean) => boolean)) {
  const hidden = typeof next === 'function' ? next(read()) : next;
  unstored = hidden;
  try {
    if (hidden) storage()?.setItem(KEY, 'true');
    else storage()?.removeItem(KEY);
  } catch {
    // A store that is full keeps the earlier choice; this page follows what it holds.
  }
  listeners.forEach((listener) => listener());
}

/** The customer's choice to hide balances, and how to change it (like useState's pair). */
export function useBalancesHidden() {
  const value = useSyncExternalStore(subscribe, read, () => false);
  return [value, setBalancesHidden] as const;
}
