import { TransactionRecategorised, type TransactionCategory } from '@bank/events';
import { type Aggregate, type StreamEvent } from '../../kernel/aggregate.ts';

/** A customer's own categories: the transactions they moved, and where to. */
export interface CategoryOverridesState {
  overrides: ReadonlyMap<string, TransactionCategory>;
}

export const categoryOverridesAggregate: Aggregate<
  CategoryOverridesState,
  StreamEvent<'TransactionRecategorised'>
> = {
  name: 'transaction-categories',
  initial: () => ({ overrides: new Map() }),
  evolve(state, event) {
    if (event.type !== 'TransactionRecategorised') return state;
    const overrides = new Map(state.overrides);
    if (event.data.category === null) overrides.delete(event.data.transactionId);
    else overrides.set(event.data.transactionId, event.data.category);
    return { overrides };
  },
};

/** One of the customer's transactions, as the service found it: its id and default category. */
export interface CategorisedTransaction {
  transactionId: string;
  customerId: string;
  defaultCategory: TransactionCategory;
}

/**
 * Puts a transaction in a category. Choosing its default category removes the customer's
 * override, so the transaction follows its source again; choosing the category it already shows
 * changes nothing.
 */
export function decideRecategorise(
  transaction: CategorisedTransaction,
  category: TransactionCategory,
  state: CategoryOverridesState,
) {
  const current = state.overrides.get(transaction.transactionId) ?? null;
  const next = category === transaction.defaultCategory ? null : category;
  if (current === next) return [];
  return [
    TransactionRecategorised.create({
      customerId: transaction.customerId,
      transactionId: transaction.transactionId,
      category: next,
    }),
  ];
}
