/**
 * When `element` (a button whose action removes it, as Cancel on a pending item or Delete on a
 * payee, or disables it, as Report Lost on a card) has left the page or been disabled and the
 * focus went with it, puts the focus on the first of `places` still on the page (the item's row,
 * the next row, its list...; made focusable) instead of leaving it at the top of the page. Places
 * that appear only after the change (a card moving to another list) are given as a function, asked
 * then. Watches for about two seconds.
 */
export function focusWhenGone(
  element: HTMLElement,
  places: readonly (Element | null)[] | (() => readonly (Element | null)[]),
) {
  let frames = 0;
  const check = () => {
    frames += 1;
    const focused = document.activeElement;
    const lost = !focused || focused === document.body;
    if ((!element.isConnected || element.matches(':disabled')) && lost) {
      const found = typeof places === 'function' ? places() : places;
      const place = found.find((p): p is HTMLElement => p instanceof HTMLElement && p.isConnected);
      if (place) {
        if (!place.hasAttribute('tabindex')) place.setAttribute('tabindex', '-1');
        place.focus();
      }
      return;
    }
    if (frames < 120) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/**
 * For a button whose list row is removed with it (Cancel, Delete): call before the change; the
 * answer, called once it is done, moves the focus to the next row, else the one before, else
 * `fallback`: the nearest element around the list that matches it (its card, its tab panel), or
 * an element given (when the list itself goes with its last row).
 */
export function focusAfterRowRemoved(
  button: HTMLElement | null,
  fallback: string | Element | null,
) {
  if (!button) return () => undefined;
  const row = button.closest('li');
  const places = [
    row?.nextElementSibling ?? null,
    row?.previousElementSibling ?? null,
    typeof fallback === 'string' ? button.closest(fallback) : fallback,
  ];
  return () => focusWhenGone(button, places);
}

/**
 * Puts the focus on `target` once the open dialog has closed and given the focus back to its
 * opener: for a dialog whose button leads elsewhere on the page (from a refusal to the list
 * concerned).
 */
export function focusAfterDialogCloses(target: () => HTMLElement | null) {
  let frames = 0;
  const check = () => {
    frames += 1;
    if (document.querySelector('[role="dialog"], [role="alertdialog"]') && frames < 120) {
      requestAnimationFrame(check);
      return;
    }
    // After the dialog's own return of the focus, which waits a task once it is gone.
    setTimeout(() => target()?.focus(), 0);
  };
  requestAnimationFrame(check);
}
