// The figures band counts up when it scrolls into view (default 2 s).

export const COUNT_UP_MS = 2000;

/** Ease-out cubic progress of the count at `elapsed` ms, from 0 to `target`. */
export function countUpValue(
  target: number,
  elapsed: number,
  duration = COUNT_UP_MS,
  decimals = 0,
): number {
  if (elapsed <= 0) return 0;
  if (elapsed >= duration) return target;
  const t = elapsed / duration;
  const eased = 1 - Math.pow(1 - t, 3);
  const factor = Math.pow(10, decimals);
  return Math.round(target * eased * factor) / factor;
}
