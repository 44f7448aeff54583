import { scheduledBillPaymentReply } from '@bank/contracts';
import { billPayCategories, dollarsToCents, recurringFrequencies } from '@bank/events';
import { ok, requireCustomer, requireStepUp, uuidParam } from '@bank/infra';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isValidDate } from '../domain/bill-pay/calendar.ts';
import { AUTOPAY_AMOUNT_REQUIRED } from '../domain/bill-pay/payees.ts';
import { MINIMUM_PAYMENT } from '../domain/bill-pay/payment.ts';
import { cancelScheduledPayment, changeScheduledPayment } from '../services/bill-pay-schedules.ts';
import { addPayee, removePayee, schedulePayment } from '../services/bill-pay.ts';
import type { CommandContext } from '../services/context.ts';
import { commandMetadata, markConsistency, moneyRoute, sendMoneyReply } from './command-reply.ts';
import { requestIdentity } from './money-input.ts';

export const billPayMessages = {
  name: 'Please enter the company name.',
  category: 'Please select a category.',
  accountNumber: 'Please enter the account number.',
  accountNumberFormat: 'The account number must be 4 to 34 letters or digits.',
  amountFormat: 'The amount must be a positive number with at most 2 decimals.',
  defaultAmount: 'The default amount must be a positive number with at most 2 decimals.',
  autopayDay: 'The AutoPay day must be between 1 and 31.',
  autopayAmount: 'The AutoPay amount must be a positive number with at most 2 decimals.',
  payee: 'Please select a payee.',
  fromAccount: 'Please select an account to pay from.',
  amountRequired: 'Please enter an amount.',
  date: 'Please enter a valid date (YYYY-MM-DD).',
  frequency: 'Please select how often the payment repeats.',
  zip: 'The zip code must be a valid ZIP code.',
} as const;

/** Blank form inputs ("" or null) read as absent. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : blankToUndefined(v)),
    z.string().trim().max(max).optional(),
  );

/** A dollar amount from a form: a JSON number or numeric text, at most 2 decimals, above 0. */
const optionalDollars = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : blankToUndefined(v)),
    z
      .number({ error: message })
      .refine((v) => (dollarsToCents(v) ?? 0) > 0, message)
      .transform((v) => dollarsToCents(v)!)
      .optional(),
  );

const checkbox = z.preprocess(
  (v) =>
    v === 'true' || v === 1 || v === '1'
      ? true
      : v === 'false' || v === 0 || v === '0'
        ? false
        : blankToUndefined(v),
  z.boolean().optional(),
);

const payeeBody = z
  .object({
    name: z.string({ error: billPayMessages.name }).trim().min(1, billPayMessages.name).max(100),
    display_name: optionalText(100),
    nickname: optionalText(100),
    category: z.enum(billPayCategories, { error: billPayMessages.category }),
    account_number: z
      .string({ error: billPayMessages.accountNumber })
      .trim()
      .min(1, billPayMessages.accountNumber)
      .refine((v) => {
        const digits = v.replace(/[\s-]/g, '');
        return (
          v === '' ||
          (/^[A-Za-z0-9][A-Za-z0-9 -]*$/.test(v) && digits.length >= 4 && digits.length <= 34)
        );
      }, billPayMessages.accountNumberFormat),
    address: optionalText(255),
    city: optionalText(100),
    state: optionalText(50),
    zip_code: optionalText(10).refine(
      (v) => v === undefined || /^\d{5}(-\d{4})?$/.test(v),
      billPayMessages.zip,
    ),
    phone: optionalText(20),
    default_amount: optionalDollars(billPayMessages.defaultAmount),
    autopay_enabled: checkbox,
    autopay_day: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : blankToUndefined(v)),
      z
        .number({ error: billPayMessages.autopayDay })
        .int(billPayMessages.autopayDay)
        .min(1, billPayMessages.autopayDay)
        .max(31, billPayMessages.autopayDay)
        .optional(),
    ),
    autopay_amount: optionalDollars(billPayMessages.autopayAmount),
    autopay_account_id: z.preprocess(
      blankToUndefined,
      z.uuid(billPayMessages.fromAccount).optional(),
    ),
  })
  .superRefine((body, ctx) => {
    if (!body.autopay_enabled) return;
    if (body.autopay_day === undefined) {
      ctx.addIssue({ code: 'custom', path: ['autopay_day'], message: billPayMessages.autopayDay });
    }
    if (body.autopay_amount === undefined && body.default_amount === undefined) {
      ctx.addIssue({ code: 'custom', path: ['autopay_amount'], message: AUTOPAY_AMOUNT_REQUIRED });
    }
  });

const dateText = z.preprocess(
  blankToUndefined,
  z
    .string({ error: billPayMessages.date })
    .trim()
    .refine(isValidDate, billPayMessages.date)
    .optional(),
);

/** A payment's amount in dollars, read into cents: the same rules for scheduling and editing. */
const paymentAmount = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : blankToUndefined(v)),
  z
    .number({ error: billPayMessages.amountRequired })
    .refine((v) => dollarsToCents(v) !== undefined, billPayMessages.amountFormat)
    .transform((v) => dollarsToCents(v)!)
    .refine((cents) => cents >= 1, MINIMUM_PAYMENT),
);

const recurrenceFields = {
  is_recurring: checkbox,
  recurring_frequency: z.preprocess(
    blankToUndefined,
    z.enum(recurringFrequencies, { error: billPayMessages.frequency }).optional(),
  ),
  recurring_end_date: dateText,
};

function requireFrequency(
  body: { is_recurring?: boolean; recurring_frequency?: string },
  ctx: z.RefinementCtx,
) {
  if (body.is_recurring && !body.recurring_frequency) {
    ctx.addIssue({
      code: 'custom',
      path: ['recurring_frequency'],
      message: billPayMessages.frequency,
    });
  }
}

const scheduleBody = z
  .object({
    payee_id: z.uuid({ error: billPayMessages.payee }),
    from_account_id: z.uuid({ error: billPayMessages.fromAccount }),
    amount: paymentAmount,
    scheduled_date: dateText,
    memo: optionalText(255),
    ...recurrenceFields,
  })
  .superRefine(requireFrequency);

/** An edit of a scheduled payment: everything but the payee (and the memo); a date is needed. */
const changeBody = z
  .object({
    from_account_id: z.uuid({ error: billPayMessages.fromAccount }),
    amount: paymentAmount,
    scheduled_date: z.preprocess(
      blankToUndefined,
      z.string({ error: billPayMessages.date }).trim().refine(isValidDate, billPayMessages.date),
    ),
    ...recurrenceFields,
  })
  .superRefine(requireFrequency);

function recurrenceOf(b: {
  is_recurring?: boolean;
  recurring_frequency?: (typeof recurringFrequencies)[number];
  recurring_end_date?: string;
}) {
  return b.is_recurring && b.recurring_frequency
    ? { frequency: b.recurring_frequency, endDate: b.recurring_end_date ?? null }
    : null;
}

/**
 * Bill pay commands: add and delete payees, schedule (or pay today) a bill, change or cancel a
 * scheduled one. Adding a payee (which may set up AutoPay) and scheduling go through the money
 * pipeline; a change or a cancel moves nothing (each occurrence is paid by its job, on its day).
 */
export const billPayCommandRoutes: FastifyPluginAsyncZod<{
  ctx: CommandContext;
  rateLimit?: object;
}> = async (app, { ctx, rateLimit }) => {
  app.addHook('onRequest', requireCustomer(ctx.sessions));
  const limited = rateLimit ? { config: { rateLimit } } : {};

  app.post(
    '/bill-payments/payees',
    { schema: { body: payeeBody }, ...moneyRoute() },
    async (request, reply) => {
      requireStepUp(request);
      const b = request.body;
      const outcome = await addPayee(
        ctx,
        request.customerId,
        {
          name: b.name,
          displayName: b.display_name ?? b.nickname ?? null,
          category: b.category,
          accountNumber: b.account_number,
          address: b.address ?? null,
          city: b.city ?? null,
          state: b.state ?? null,
          zipCode: b.zip_code ?? null,
          phone: b.phone ?? null,
          defaultAmountCents: b.default_amount ?? null,
          autopay: b.autopay_enabled
            ? {
                day: b.autopay_day!,
                amountCents: b.autopay_amount ?? null,
                fromAccountId: b.autopay_account_id ?? null,
              }
            : null,
        },
        requestIdentity(request),
        commandMetadata(request),
      );
      return sendMoneyReply(reply, outcome);
    },
  );

  app.delete(
    '/bill-payments/payees/:id',
    { schema: { params: uuidParam } },
    async (request, reply) => {
      const outcome = await removePayee(
        ctx,
        request.customerId,
        request.params.id,
        commandMetadata(request),
      );
      markConsistency(reply, outcome);
      return reply.send(ok(null, 'Payee deleted successfully!'));
    },
  );

  app.post(
    '/bill-payments/schedule',
    { schema: { body: scheduleBody }, ...moneyRoute(rateLimit) },
    async (request, reply) => {
      const b = request.body;
      const outcome = await schedulePayment(
        ctx,
        request.customerId,
        {
          payeeId: b.payee_id,
          fromAccountId: b.from_account_id,
          amountCents: b.amount,
          scheduledDate: b.scheduled_date,
          memo: b.memo ?? null,
          recurrence: recurrenceOf(b),
        },
        requestIdentity(request),
        commandMetadata(request),
      );
      return sendMoneyReply(reply, outcome);
    },
  );

  app.put(
    '/bill-payments/scheduled/:id',
    {
      schema: { params: uuidParam, body: changeBody, response: { 200: scheduledBillPaymentReply } },
      ...limited,
    },
    async (request, reply) => {
      const b = request.body;
      const outcome = await changeScheduledPayment(
        ctx,
        request.customerId,
        request.params.id,
        {
          fromAccountId: b.from_account_id,
          amountCents: b.amount,
          startDate: b.scheduled_date,
          recurrence: recurrenceOf(b),
        },
        commandMetadata(request),
      );
      markConsistency(reply, outcome);
      return reply.send(ok({ payment: outcome.result }, 'Scheduled payment updated'));
    },
  );

  app.delete(
    '/bill-payments/scheduled/:id',
    { schema: { params: uuidParam, response: { 200: scheduledBillPaymentReply } }, ...limited },
    async (request, reply) => {
      const outcome = await cancelScheduledPayment(
        ctx,
        request.customerId,
        request.params.id,
        commandMetadata(request),
      );
      markConsistency(reply, outcome);
      return reply.send(ok({ payment: outcome.result }, 'Scheduled payment cancelled'));
    },
  );
};
