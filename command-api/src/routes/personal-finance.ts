import { savingsGoalSaved, successWithoutData, transactionCategoryChanged } from '@bank/contracts';
import { SAVINGS_GOAL_MAX_CENTS, SAVINGS_GOAL_MESSAGES } from '@bank/contracts/savings-goal-rules';
import { categoryLabel, dollarsToCents, transactionCategoryKeys } from '@bank/events';
import {
  consistentReads,
  fieldError,
  ok,
  requireCustomer,
  transactionIdText,
  uuidParam,
} from '@bank/infra';
import { readModelsNamed } from '@bank/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CommandContext } from '../services/context.ts';
import {
  recategoriseTransaction,
  removeSavingsGoal,
  setSavingsGoal,
} from '../services/personal-finance.ts';
import { commandMetadata, markConsistency } from './command-reply.ts';
import { decimalText } from './money-input.ts';

const goalBody = z.object({
  target_amount: z
    .union([z.number(), z.string().trim().max(40)], {
      // Left out or null: asked for; of another type (true, a list): not an amount.
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? SAVINGS_GOAL_MESSAGES.required
          : SAVINGS_GOAL_MESSAGES.notWholeCents,
    })
    .describe('The goal in dollars, at most 2 decimals: more than 0, at most 10,000,000.'),
});

const transactionParam = z.object({ id: transactionIdText });

const categoryBody = z.object({
  category: z.enum(transactionCategoryKeys, {
    message: 'Please choose a category from the list.',
  }),
});

/**
 * Amounts as typed: a number or numeric text; anything else, or sub-cent digits, is refused. Text
 * is judged as written (decimalText), before a float could round "5.10000000000000000001" to 5.10.
 */
function goalCents(value: number | string): number {
  if (value === '') throw fieldError({ target_amount: [SAVINGS_GOAL_MESSAGES.required] });
  const number =
    typeof value === 'number'
      ? value
      : /^-\d+(\.\d+)?$/.test(value)
        ? Number(value) // an amount, only not more than 0
        : Number(decimalText(value));
  if (!Number.isFinite(number)) {
    throw fieldError({ target_amount: [SAVINGS_GOAL_MESSAGES.notWholeCents] });
  }
  if (number <= 0) throw fieldError({ target_amount: [SAVINGS_GOAL_MESSAGES.notPositive] });
  if (number > SAVINGS_GOAL_MAX_CENTS / 100) {
    throw fieldError({ target_amount: [SAVINGS_GOAL_MESSAGES.tooLarge] });
  }
  const cents = dollarsToCents(number);
  if (cents === undefined) {
    throw fieldError({ target_amount: [SAVINGS_GOAL_MESSAGES.notWholeCents] });
  }
  return cents;
}

/** Savings goals per savings account, and the customer's own transaction categories. */
export const personalFinanceRoutes: FastifyPluginAsyncZod<{ ctx: CommandContext }> = async (
  app,
  { ctx },
) => {
  app.addHook('onRequest', requireCustomer(ctx.sessions));

  app.put(
    '/accounts/:id/savings-goal',
    {
      schema: {
        summary: 'Set or change the savings goal of one of your savings accounts',
        params: uuidParam,
        body: goalBody,
        response: { 200: savingsGoalSaved },
      },
    },
    async (request, reply) => {
      const targetCents = goalCents(request.body.target_amount);
      const outcome = await setSavingsGoal(
        ctx,
        request.customerId,
        request.params.id,
        targetCents,
        commandMetadata(request),
      );
      markConsistency(reply, outcome);
      return reply.send(
        ok(
          { savings_goal: { account_id: request.params.id, target_amount: targetCents / 100 } },
          'Savings goal saved',
        ),
      );
    },
  );

  app.delete(
    '/accounts/:id/savings-goal',
    {
      schema: {
        summary: 'Remove the savings goal of one of your savings accounts',
        params: uuidParam,
        response: { 200: successWithoutData },
      },
    },
    async (request, reply) => {
      const outcome = await removeSavingsGoal(
        ctx,
        request.customerId,
        request.params.id,
        commandMetadata(request),
      );
      markConsistency(reply, outcome);
      return reply.send(ok(null, 'Savings goal removed'));
    },
  );

  app.put(
    '/transactions/:id/category',
    {
      schema: {
        summary: 'Put one of your transactions in another category (its default one restores it)',
        // The line is found in the history read model: a token waits for it to be there.
        params: transactionParam,
        body: categoryBody,
        response: { 200: transactionCategoryChanged },
      },
      preHandler: consistentReads(ctx.pool, readModelsNamed('transactions')),
    },
    async (request, reply) => {
      const { category } = request.body;
      const outcome = await recategoriseTransaction(
        ctx,
        request.customerId,
        request.params.id,
        category,
        commandMetadata(request),
      );
      markConsistency(reply, outcome);
      return reply.send(
        ok(
          {
            transaction_id: request.params.id,
            category,
            category_label: categoryLabel(category),
          },
          'Category changed',
        ),
      );
    },
  );
};
