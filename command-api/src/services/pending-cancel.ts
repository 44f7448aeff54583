import type { CancellableKind, CancelReply } from '@bank/contracts';
import {
  MoneyMovementCancelled,
  centsToDollars,
  formatUsd,
  moneyStreams,
  streams,
  zelleStreams,
  type BankEvent,
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
import type { UnitOfWork } from '../kernel/unit-of-work.ts';
import type { CommandContext } from './context.ts';
import { runMoneyCommand, type RequestIdentity } from './idempotency.ts';

/**
 * Cancels what is still pending, each in one append: the item's cancel event, the released holds
 * on the source account and, for money, the movement taken off the customer's limits.
 */

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
    state = events.reduce((s, e) => accountAggregate.evolve(s, e as BankEvent), state);
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

/** POST /transfers/{id}/cancel: a pending external or SEPA transfer, before it settles. */
export function cancelTransfer(
  ctx: CommandContext,
  input: CancelInput,
  identity: RequestIdentity,
  metadata: EventMetadata,
) {
  return runMoneyCommand(ctx, identity, metadata, async (uow, now) => {
    const stream = moneyStreams.transfer(input.id);
    const { state } = await uow.load(stream, transferAggregate);
    const plan = decideCancelTransfer(state, input.customerId, now);
    const t = state.transfer!;
    uow.append(stream, plan.events);
    await giveBack(uow, plan, t.fromAccountId, t.customerId, t.transferId);
    return cancelled(
      'transfer',
      t.transferId,
      t.reference,
      plan.returnedCents,
      `Transfer to ${t.recipientName} cancelled. ${formatUsd(plan.returnedCents)} is available in your ${t.fromAccountName} again.`,
    );
  });
}

/** POST /zelle/payments/{id}/cancel: a payment nobody has claimed yet goes back to the sender. */
export function cancelZellePayment(
  ctx: CommandContext,
  input: CancelInput,
  identity: RequestIdentity,
  metadata: EventMetadata,
) {
  return runMoneyCommand(ctx, identity, metadata, async (uow, now) => {
    const stream = zelleStreams.payment(input.id);
    const { state } = await uow.load(stream, paymentAggregate);
    const plan = decideCancelZellePayment(state, input.customerId, now);
    const p = state.payment!;
    uow.append(stream, plan.events);
    await giveBack(uow, plan, p.fromAccountId, p.senderCustomerId, p.paymentId);
    return cancelled(
      'zelle-payment',
      p.paymentId,
      p.reference,
      plan.returnedCents,
      `Payment to ${p.recipientName} cancelled. ${formatUsd(plan.returnedCents)} is available in your account again.`,
    );
  });
}

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
