import { defineProjection } from '../../projection.ts';

/** Savings goals: each savings account's target, as the customer last set it. */
export const savingsGoalsProjection = defineProjection({
  name: 'savings-goals',
  tables: ['rm_savings_goals'],
  readsPersonalData: false,
  handlers: {
    async SavingsGoalSet(d, event, db) {
      await db.query(
        `INSERT INTO rm_savings_goals (account_id, customer_id, target_cents, set_at)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (account_id) DO UPDATE SET target_cents = $3, set_at = $4`,
        [d.accountId, d.customerId, d.targetCents, event.recordedAt],
      );
    },
    async SavingsGoalRemoved(d, _event, db) {
      await db.query('DELETE FROM rm_savings_goals WHERE account_id = $1', [d.accountId]);
    },
  },
});
