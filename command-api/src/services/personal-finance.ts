import { isTransactionCategory, streams, type TransactionCategory } from '@bank/events';
import { ApiError, fieldError, notFound, type EventMetadata } from '@bank/infra';
import { findAccountType, findDefaultCategory } from '@bank/projections';
import { DomainError } from '../kernel/aggregate.ts';
import {
  decideSavingsGoal,
  savingsGoalAggregate,
  type GoalAccount,
  type SavingsGoalCommand,
} from '../domain/personal-finance/savings-goal.ts';
import {
  categoryOverridesAggregate,
  decideRecategorise,
} from '../domain/personal-finance/transaction-category.ts';
import type { CommandContext } from './context.ts';

function toApiError(error: unknown): unknown {
  if (!(error instanceof DomainError)) return error;
  if (error.field) return fieldError({ [error.field]: [error.message] });
  return new ApiError(422, error.message, 'VALIDATION_ERROR');
}

/** The customer's own account; another customer's account is not found, like one that does not exist. */
async function ownAccount(
  ctx: CommandContext,
  customerId: string,
  accountId: string,
): Promise<GoalAccount> {
  const type = await findAccountType(ctx.pool, customerId, accountId);
  if (type === undefined) throw notFound();
  return { accountId, customerId, type };
}

async function runSavingsGoalCommand(
  ctx: CommandContext,
  command: (account: GoalAccount) => SavingsGoalCommand,
  customerId: string,
  accountId: string,
  metadata: EventMetadata,
) {
  const account = await ownAccount(ctx, customerId, accountId);
  try {
    return await ctx.bus.execute(metadata, async (uow) => {
      const stream = streams.savingsGoal(accountId);
      const goal = await uow.load(stream, savingsGoalAggregate);
      const events = decideSavingsGoal(command(account), goal.state);
      if (events.length > 0) uow.append(stream, events);
    });
  } catch (error) {
    throw toApiError(error);
  }
}

/** Sets or changes the goal of one of the customer's savings accounts. */
export function setSavingsGoal(
  ctx: CommandContext,
  customerId: string,
  accountId: string,
  targetCents: number,
  metadata: EventMetadata,
) {
  return runSavingsGoalCommand(
    ctx,
    (account) => ({ type: 'SetGoal', account, targetCents }),
    customerId,
    accountId,
    metadata,
  );
}

export function removeSavingsGoal(
  ctx: CommandContext,
  customerId: string,
  accountId: string,
  metadata: EventMetadata,
) {
  return runSavingsGoalCommand(
    ctx,
    (account) => ({ type: 'RemoveGoal', account }),
    customerId,
    accountId,
    metadata,
  );
}

/**
 * Puts one of the customer's transactions in another category. Another customer's transaction is
 * not found, like one that does not exist.
 */
export async function recategoriseTransaction(
  ctx: CommandContext,
  customerId: string,
  transactionId: string,
  category: TransactionCategory,
  metadata: EventMetadata,
) {
  const found = await findDefaultCategory(ctx.pool, customerId, transactionId);
  if (found === undefined) throw notFound();
  const defaultCategory = isTransactionCategory(found) ? found : 'other';
  return ctx.bus.execute(metadata, async (uow) => {
    const stream = streams.transactionCategories(customerId);
    const overrides = await uow.load(stream, categoryOverridesAggregate);
    const events = decideRecategorise(
      { transactionId, customerId, defaultCategory },
      category,
      overrides.state,
    );
    if (events.length > 0) uow.append(stream, events);
  });
}
