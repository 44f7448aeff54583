import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Runs `onOpen` when `open` turns true, and only then: a dialog's form starts afresh when it is
 * opened, not each time the data it was given is loaded again (prices that refresh every 30 s
 * wiped a withdrawal being typed in).
 */
export function useWhenOpened(open: boolean, onOpen: () => void) {
  const latest = useRef(onOpen);
  useLayoutEffect(() => {
    latest.current = onOpen;
  });
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open && !wasOpen.current) latest.current();
    wasOpen.current = open;
  }, [open]);
}
