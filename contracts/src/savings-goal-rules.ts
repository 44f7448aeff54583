// Without zod: the dashboard's goal form checks these on the first page a customer sees.

/** The largest goal a customer can set: $10,000,000.00, far above any household's savings. */
export const SAVINGS_GOAL_MAX_CENTS = 1_000_000_000;

/** What the goal form and the server both say of a goal they cannot accept. */
export const SAVINGS_GOAL_MESSAGES = {
  required: 'Please enter the goal amount.',
  notWholeCents: 'The goal must be an amount in dollars and cents.',
  notPositive: 'The goal must be at least $0.01.',
  tooLarge: 'The goal can be at most $10,000,000.00.',
  notSavings: 'A savings goal can be set only on a savings account.',
} as const;
