import { z } from 'zod';

const cents = z.number().int();

/** Spending insights as the API answers them: integer cents, months as YYYY-MM (bank time). */
export const insightsView = z.object({
  month: z.string(),
  /** The months compared, oldest first; the chosen month last. */
  months: z.array(z.string()),
  spending_by_category: z.array(
    z.object({
      category: z.string(),
      label: z.string(),
      /** Cents spent in each of `months`, in the same order. */
      cents: z.array(cents),
    }),
  ),
  cash_flow: z.array(z.object({ month: z.string(), income_cents: cents, spending_cents: cents })),
  /** The portfolio's value at the end of each day of the period, up to today. */
  crypto_value: z.array(z.object({ day: z.string(), value_cents: cents })),
});
export type InsightsView = z.infer<typeof insightsView>;
