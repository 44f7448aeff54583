import { MoneyMovementCancelled, moneyStreams, streams } from '@bank/events';
import { accountAggregate, decideAccount } from '../domain/account/account.ts';
import { activityAggregate } from '../domain/transfers/limits.ts';
import {
  decideSettlement,
  settlementOutcome,
  transferAggregate,
} from '../domain/transfers/transfer.ts';
import type { CommandContext } from '../services/context.ts';
import { runSystemCommand } from '../services/idempotency.ts';
import { defineScheduler, type JobProcessor, type JobScheduler } from './job-system.ts';

export const SETTLE_TRANSFER_JOB = 'settle-transfer';

/** A pending external or SEPA transfer gets a delayed settlement job, due at its settleAfter. */
export const settlementScheduler: JobScheduler = defineScheduler(
  ['TransferInitiated'],
  (recorded) => {
    const event = recorded.event;
    if (event.data.status !== 'pending') return [];
    const due = event.data.settleAfter ? Date.parse(event.data.settleAfter) : Date.now();
    return [
      {
        name: SETTLE_TRANSFER_JOB,
        jobId: `settle-transfer-${event.data.transferId}`,
        data: { transferId: event.data.transferId },
        delayMs: Math.max(0, due - Date.now()),
      },
    ];
  },
);

/**
 * Settles one transfer: the simulated network accepts it (holds posted to clearing and fee
 * income) or rejects it (holds released, the movement no longer counts against limits). Running
 * it again does nothing: only a pending transfer settles.
 */
export async function settleTransfer(ctx: CommandContext, transferId: string) {
  const outcome = await runSystemCommand(
    ctx,
    { actor: 'system:settlement', causationId: transferId },
    async (uow, now) => {
      const stream = moneyStreams.transfer(transferId);
      const transfer = await uow.load(stream, transferAggregate);
      const t = transfer.state.transfer;
      if (!t || transfer.state.status !== 'pending') return 'nothing to do';
      const result = settlementOutcome(t);
      const plan = decideSettlement(transfer.state, result, now);
      const accountStream = streams.account(t.fromAccountId);
      const account = await uow.load(accountStream, accountAggregate);
      let state = account.state;
      const accountEvents = [];
      for (const command of plan.accountCommands) {
        const events = decideAccount(command, state);
        for (const event of events) state = accountAggregate.evolve(state, event);
        accountEvents.push(...events);
      }
      if (accountEvents.length > 0) uow.append(accountStream, accountEvents);
      uow.append(stream, plan.transferEvents);
      if (!result.ok) {
        const activityStream = moneyStreams.activity(t.customerId);
        await uow.load(activityStream, activityAggregate);
        uow.append(activityStream, [
          MoneyMovementCancelled.create({
            customerId: t.customerId,
            movementId: t.transferId,
            reason: result.reason,
          }),
        ]);
      }
      return result.ok ? 'settled' : 'failed';
    },
  );
  return outcome.result;
}

export function settlementProcessors(ctx: CommandContext): Record<string, JobProcessor> {
  return {
    async [SETTLE_TRANSFER_JOB](data) {
      return {
        transferId: data.transferId,
        outcome: await settleTransfer(ctx, String(data.transferId)),
      };
    },
  };
}
