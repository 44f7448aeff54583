import {
  SCHEDULABLE_TRANSFER_TYPES,
  SCHEDULE_FIELD_MESSAGES,
  TRANSFER_FREQUENCIES,
  scheduledTransferReply,
  successWithoutData,
  type TransferFrequency,
} from '@bank/contracts';
import { ok, requireCustomer, requireStepUp, uuidParam } from '@bank/infra';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SchedulePlan } from '../domain/transfers/schedule.ts';
import type { CommandContext } from '../services/context.ts';
import {
  cancelSchedule,
  changeSchedule,
  scheduleTransfer,
} from '../services/scheduled-transfers.ts';
import {
  commandMetadata,
  markConsistency,
  moneyRoute,
  sendKeyedMoneyCommand,
} from './command-reply.ts';
import {
  FormErrors,
  formBody,
  formDigits,
  formText,
  isCalendarDate,
  textOf,
  type Body,
} from './money-input.ts';
import {
  commonFields,
  externalBankFields,
  readCommon,
  sameBankFields,
  transferReaders,
  withSavedRecipient,
  type Common,
} from './transfer-form.ts';

const MAX_COUNT = 520;
const TYPE_MESSAGE = 'Please choose a transfer type: between-accounts, same-bank or external-bank';

const planFields = {
  ...commonFields,
  frequency: formText,
  endDate: formText,
  endCount: formDigits,
};

/** Frequency (none: once), and the end: a date, a number of transfers, or neither. */
function readPlan(errors: FormErrors, body: Body, common: Common): SchedulePlan {
  const frequencyText = textOf(body.frequency).toLowerCase();
  const once = frequencyText === '' || frequencyText === 'once';
  if (!once && !(TRANSFER_FREQUENCIES as readonly string[]).includes(frequencyText)) {
    errors.add('frequency', SCHEDULE_FIELD_MESSAGES.frequency);
  }
  const endDate = textOf(body.endDate);
  const countText = textOf(body.endCount);
  if (endDate !== '' && !isCalendarDate(endDate)) {
    errors.add('endDate', SCHEDULE_FIELD_MESSAGES.endDate);
  }
  const count = countText === '' ? null : Number(countText);
  if (count !== null && !(Number.isInteger(count) && count >= 1 && count <= MAX_COUNT)) {
    errors.add('endCount', SCHEDULE_FIELD_MESSAGES.endCount);
  }
  if (endDate !== '' && count !== null) errors.add('endCount', SCHEDULE_FIELD_MESSAGES.endBoth);
  if (!common.transferDate && !errors.has('transferDate'))
    errors.add('transferDate', 'Please choose the date of the transfer.');
  return {
    fromAccountId: common.fromAccountId,
    amountCents: common.amountCents,
    memo: common.memo,
    startDate: common.transferDate ?? '',
    recurrence: once
      ? null
      : {
          frequency: frequencyText as TransferFrequency,
          endDate: endDate === '' ? null : endDate,
          count,
        },
  };
}

/**
 * Scheduled and recurring transfers: schedule one (the transfer form's fields, a date, and
 * optionally a frequency and an end), change or cancel it. The runs are jobs; see
 * services/scheduled-transfers.ts. Another customer's schedule answers 404.
 */
export const scheduledTransferRoutes: FastifyPluginAsyncZod<{
  ctx: CommandContext;
  rateLimit?: object;
}> = async (app, { ctx, rateLimit }) => {
  app.addHook('onRequest', requireCustomer(ctx.sessions));
  const limited = rateLimit ? { config: { rateLimit } } : {};

  app.post(
    '/transfers/scheduled',
    {
      schema: {
        body: formBody({
          ...planFields,
          type: formText,
          toAccount: formText,
          ...sameBankFields,
          ...externalBankFields,
        }),
        response: { 201: scheduledTransferReply },
      },
      ...moneyRoute(rateLimit),
    },
    async (request, reply) =>
      sendKeyedMoneyCommand(ctx, request, reply, async (identity) => {
        const typed = (request.body ?? {}) as Body;
        const body =
          textOf(typed.type) === 'external-bank'
            ? await withSavedRecipient(ctx, request.customerId, 'external-bank', typed)
            : typed;
        const errors = new FormErrors();
        const type = SCHEDULABLE_TRANSFER_TYPES.find((t) => t === textOf(body.type));
        if (!type) {
          errors.add(
            'type',
            textOf(body.type) === 'sepa' ? SCHEDULE_FIELD_MESSAGES.sepa : TYPE_MESSAGE,
          );
        }
        const common = readCommon(errors, body, true);
        const plan = readPlan(errors, body, common);
        const destination = type ? transferReaders[type](errors, body, common) : undefined;
        errors.throwIfAny();
        // Only the three schedulable readers ran; the check narrows the type for the service.
        if (
          !destination ||
          (destination.type !== 'between-accounts' &&
            destination.type !== 'same-bank' &&
            destination.type !== 'external-bank')
        ) {
          throw new Error('unreachable');
        }
        const command = { customerId: request.customerId, plan, destination };
        return scheduleTransfer(
          ctx,
          { ...command, requireStepUp: () => requireStepUp(request) },
          identity,
          commandMetadata(request),
        );
      }),
  );

  app.put(
    '/transfers/scheduled/:id',
    {
      schema: {
        params: uuidParam,
        body: formBody(planFields),
        response: { 200: scheduledTransferReply },
      },
      ...limited,
    },
    async (request, reply) => {
      const body = (request.body ?? {}) as Body;
      const errors = new FormErrors();
      const common = readCommon(errors, body, true);
      const plan = readPlan(errors, body, common);
      errors.throwIfAny();
      const outcome = await changeSchedule(
        ctx,
        request.customerId,
        request.params.id,
        plan,
        commandMetadata(request),
      );
      markConsistency(reply, outcome);
      return reply.send(ok({ scheduled_transfer: outcome.result }, 'Scheduled transfer updated'));
    },
  );

  app.delete(
    '/transfers/scheduled/:id',
    { schema: { params: uuidParam, response: { 200: successWithoutData } }, ...limited },
    async (request, reply) => {
      const outcome = await cancelSchedule(
        ctx,
        request.customerId,
        request.params.id,
        commandMetadata(request),
      );
      markConsistency(reply, outcome);
      return reply.send(ok(null, 'Scheduled transfer cancelled'));
    },
  );
};
