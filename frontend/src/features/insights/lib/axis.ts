// A money axis that fits its figures, worked out in whole cents.

export type MoneyAxis = {
  /** The axis' two ends, in cents: zero included, and no further below it than a figure goes. */
  domain: [number, number];
  /** Where the labelled lines go: zero and whole steps of $1, $2, $2.50 or $5 times a power of ten. */
  ticks: number[];
};

/** The multipliers of a power of ten that make a step a reader can count in. */
const NICE = [10, 20, 25, 50];

/**
 * An axis for bars in cents that start at zero. The step is the smallest nice one from $1 up
 * that spans the figures in `intervals` steps or fewer. Above zero the axis ends at a whole step;
 * below it (a refund larger than a month's spending in its category) it ends a tenth of a step
 * past the lowest figure, labelled only at whole steps, so that a small refund is drawn as the
 * small bar it is, not beside a whole empty step of negative money.
 */
export function moneyAxis(values: readonly number[], intervals = 4): MoneyAxis {
  const most = Math.max(0, ...values);
  const least = Math.min(0, ...values);
  const step = niceStep(most, least, intervals);
  const top = most > 0 ? ceilTo(most, step) : least < 0 ? 0 : step;
  const bottom = least < 0 ? 0 - ceilTo(-least, step / 10) : 0;
  const ticks: number[] = [];
  for (let i = 0 - Math.floor(-bottom / step); i * step <= top; i++) ticks.push(i * step);
  return { domain: [bottom, top], ticks };
}

function niceStep(most: number, least: number, intervals: number): number {
  for (let power = 10; ; power *= 10) {
    for (const multiplier of NICE) {
      const step = multiplier * power;
      // Whole steps above zero, and the whole steps below it that get a label.
      const steps = Math.ceil(most / step) + Math.floor(-least / step);
      if (steps <= intervals) return step;
    }
  }
}

/** `cents` rounded up to a whole number of `unit`s (both whole, `cents` not negative). */
function ceilTo(cents: number, unit: number): number {
  const rest = cents % unit;
  return rest === 0 ? cents : cents - rest + unit;
}
