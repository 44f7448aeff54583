/**
 * When `element` (a button whose action removes it, as Cancel on a pending item) has left the
 * page and the focus went with it, puts the focus on `place` (the item's row or card, made
 * focusable) instead of leaving it at the top of the page. Watches for about two seconds.
 */
export function focusWhenGone(element: HTMLElement, place: HTMLElement | null) {
  let frames = 0;
  const check = () => {
    frames += 1;
    const focused = document.activeElement;
    const lost = !focused || focused === document.body;
    if (!element.isConnected && lost) {
      if (place?.isConnected) {
        if (!place.hasAttribute('tabindex')) place.setAttribute('tabindex', '-1');
        place.focus();
      }
      return;
    }
    if (frames < 120) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}
