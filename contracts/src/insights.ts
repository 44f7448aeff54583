import { z } from 'zod';

const cents = z.number().int();

/** Spending insights as the API answers them: integer cents, months as YYYY-MM (bank time). */
export const insightsView = z.object({
  month: z.string(),
  /** The months compared, oldest first; the chosen month last. */
  months: z.array(z.string()),
  /**
   * When the chosen month is still in progress, the day of it the figures reach (today, bank
   * time); `cents_through_day` then counts the same days of each earlier month. Null when the
   * chosen month is over or yet to come.
   */
  through_day: z.number().int().min(1).max(31).nullable(),
  spending_by_category: z.array(
    z.object({
      category: z.string(),
      label: z.string(),
      /** Cents spent in each of `months`, in the same order. */
      cents: z.array(cents),
      /** Cents spent in each of `months` from its first day to `through_day` (all of it if null). */
      cents_through_day: z.array(cents),
    }),
  ),
  cash_flow: z.array(z.object({ month: z.string(), income_cents: cents, spending_cents: cents })),
  /** The portfolio's value at the end of each day of the period, up to today. */
  crypto_value: z.array(z.object({ day: z.string(), value_cents: cents })),
});
export type InsightsView = z.infer<typeof insightsView>;
