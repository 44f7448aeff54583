import type { CancellableKind, CancelReply } from '@bank/contracts';
import {
  MoneyMovementCancelled,
  centsToDollars,
  formatUsd,
  moneyStreams,
  streams,
  zelleStreams,
} from '@bank/events';
import type { EventMetadata } from '@bank/infra';
import { accountAggregate, decideAccount } from '../domain/account/account.ts';
import {
  CANCELLED_BY_CUSTOMER,
  decideCancelTransfer,
  decideCancelZellePayment,
  decideCancelZelleRequest,
  type CancelPlan,
} from '../domain/pending/cancel.ts';
import { activityAggregate } from '../domain/transfers/limits.ts';
import { transferAggregate } from '../domain/transfers/transfer.ts';
import { paymentAggregate, requestAggregate } from '../domain/zelle/zelle.ts';
import type { Aggregate } from '../kernel/aggregate.ts';
import type { UnitOfWork } from '../kernel/unit-of-work.ts';
import type { CommandContext } from './context.ts';
import { runMoneyCommand, type RequestIdentity } from './idempotency.ts';

/**
 * Cancels what is still pending, each in one append: the item's cancel event, the released holds
 * on the source account and, for money, the movement taken off the customer's limits.
 */

/** An event as a unit of work appends it. */
type NewEvent = Parameters<UnitOfWork['append']>[1][number];

export interface CancelInput {
  customerId: string;
  id: string;
}

/** Applies a plan's releases to the source account and gives the movement back to the limits. */
async function giveBack(
  uow: UnitOfWork,
  plan: CancelPlan<unknown>,
  accountId: string,
  customerId: string,
  movementId: string,
) {
  if (plan.accountCommands.length === 0) return;
  const accountStream = streams.account(accountId);
  let state = (await uow.load(accountStream, accountAggregate)).state;
  const released = [];
  for (const command of plan.accountCommands) {
    const events = decideAccount(command, state);
    for (const event of events) state = accountAggregate.evolve(state, event);
    released.push(...events);
  }
  if (released.length > 0) uow.append(accountStream, released);
  const activity = moneyStreams.activity(customerId);
  await uow.load(activity, activityAggregate);
  uow.append(activity, [
    MoneyMovementCancelled.create({ customerId, movementId, reason: CANCELLED_BY_CUSTOMER }),
  ]);
}

function cancelled(
  kind: CancellableKind,
  id: string,
  reference: string,
  returnedCents: number,
  message: string,
): { statusCode: number; body: CancelReply } {
  return {
    statusCode: 200,
    body: {
      status: 'success',
      message,
      data: {
        cancelled: {
          kind,
          id,
          status: 'cancelled',
          reference_number: reference,
          returned: centsToDollars(returnedCents),
        },
      },
    },
  };
}

/** How one kind of held movement is cancelled: its stream, its decider, and what it names. */
interface HeldMovement<S> {
  kind: CancellableKind;
  stream: (id: string) => string;
  aggregate: Aggregate<S>;
  decide: (state: S, customerId: string, now: Date) => CancelPlan<NewEvent>;
  /** Facts of the loaded (and, once decided, existing) item. */
  facts: (state: S) => {
    id: string;
    accountId: string;
    customerId: string;
    reference: string;
    message: (returned: string) => string;
  };
}

function cancelHeld<S>(movement: HeldMovement<S>) {
  return (
    ctx: CommandContext,
    input: CancelInput,
    identity: RequestIdentity,
    metadata: EventMetadata,
  ) =>
    runMoneyCommand(ctx, identity, metadata, async (uow, now) => {
      const stream = movement.stream(input.id);
      const { state } = await uow.load(stream, movement.aggregate);
      const plan = movement.decide(state, input.customerId, now);
      const f = movement.facts(state);
      uow.append(stream, plan.events);
      await giveBack(uow, plan, f.accountId, f.customerId, f.id);
      const returned = formatUsd(plan.returnedCents);
      return cancelled(movement.kind, f.id, f.reference, plan.returnedCents, f.message(returned));
    });
}

/** POST /transfers/{id}/cancel: a pending external or SEPA transfer, before it settles. */
export const cancelTransfer = cancelHeld({
  kind: 'transfer',
  stream: moneyStreams.transfer,
  aggregate: transferAggregate,
  decide: decideCancelTransfer,
  facts: ({ transfer: t }) => ({
    id: t!.transferId,
    accountId: t!.fromAccountId,
    customerId: t!.customerId,
    reference: t!.reference,
    message: (returned) =>
      `Transfer to ${t!.recipientName} cancelled. ${returned} is available in your ${t!.fromAccountName} again.`,
  }),
});

/** POST /zelle/payments/{id}/cancel: a payment nobody has claimed yet goes back to the sender. */
export const cancelZellePayment = cancelHeld({
  kind: 'zelle-payment',
  stream: zelleStreams.payment,
  aggregate: paymentAggregate,
  decide: decideCancelZellePayment,
  facts: ({ payment: p }) => ({
    id: p!.paymentId,
    accountId: p!.fromAccountId,
    customerId: p!.senderCustomerId,
    reference: p!.reference,
    message: (returned) =>
      `Payment to ${p!.recipientName} cancelled. ${returned} is available in your account again.`,
  }),
});

/** POST /zelle/requests/{id}/cancel: the requester withdraws a request not yet answered. */
export function cancelZelleRequest(
  ctx: CommandContext,
  input: CancelInput,
  identity: RequestIdentity,
  metadata: EventMetadata,
) {
  return runMoneyCommand(ctx, identity, metadata, async (uow, now) => {
    const stream = zelleStreams.request(input.id);
    const { state } = await uow.load(stream, requestAggregate);
    const plan = decideCancelZelleRequest(state, input.customerId, now);
    const r = state.request!;
    uow.append(stream, plan.events);
    return cancelled(
      'zelle-request',
      r.requestId,
      r.reference,
      0,
      `Request to ${r.payerName} for ${formatUsd(r.amount)} cancelled.`,
    );
  });
}
