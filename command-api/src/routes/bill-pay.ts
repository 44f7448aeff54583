import {
  BILL_PAY_MESSAGES,
  CUSTOMER_FIELD_MESSAGES,
  isPhoneNumber,
  billPaymentScheduled,
  payeeAdded,
  payeeAutopayChanged,
  scheduledBillPaymentReply,
  successWithoutData,
} from '@bank/contracts';
import { billPayCategories, dollarsToCents, recurringFrequencies } from '@bank/events';
import { ok, requireCustomer, requireStepUp, uuidParam } from '@bank/infra';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isValidDate } from '../domain/bill-pay/calendar.ts';
import { cancelScheduledPayment, changeScheduledPayment } from '../services/bill-pay-schedules.ts';
import {
  addPayee,
  changePayeeAutopay,
  removePayee,
  renamePayee,
  schedulePayment,
} from '../services/bill-pay.ts';
import type { CommandContext } from '../services/context.ts';
import { commandMetadata, markConsistency, moneyRoute, sendMoneyReply } from './command-reply.ts';
import { decimalText, dollarsAsCents, requestIdentity } from './money-input.ts';

/** Blank form inputs ("" or null) read as absent. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : blankToUndefined(v)),
    z.string().trim().max(max).optional(),
  );

/**
 * A number as a form sends it (an amount, a day): numeric text read as a number; blank (spaces
 * only included) as none.
 */
const numericText = (v: unknown) =>
  typeof v === 'string' ? (v.trim() === '' ? undefined : decimalText(v)) : blankToUndefined(v);

/** A dollar amount from a form: a JSON number or numeric text, at most 2 decimals, above 0. */
const optionalDollars = (message: string) =>
  z.preprocess(
    numericText,
    z
      .number({ error: message })
      .refine((v) => (dollarsToCents(v) ?? 0) > 0, message)
      .transform((v) => dollarsToCents(v)!)
      .optional(),
  );

/** A checkbox as a form sends it: true or false, as a boolean, text or 0/1; blank as none. */
const checkboxValue = (v: unknown) =>
  v === 'true' || v === 1 || v === '1'
    ? true
    : v === 'false' || v === 0 || v === '0'
      ? false
      : blankToUndefined(v);

const checkbox = z.preprocess(checkboxValue, z.boolean().optional());

/** A payee's AutoPay fields, as the add-payee form and the AutoPay form send them. */
const autopayFields = {
  autopay_enabled: checkbox,
  autopay_day: z.preprocess(
    numericText,
    z
      .number({ error: BILL_PAY_MESSAGES.autopayDay })
      .int(BILL_PAY_MESSAGES.autopayDay)
      .min(1, BILL_PAY_MESSAGES.autopayDay)
      .max(31, BILL_PAY_MESSAGES.autopayDay)
      .optional(),
  ),
  autopay_amount: optionalDollars(BILL_PAY_MESSAGES.autopayAmount),
  autopay_account_id: z.preprocess(
    blankToUndefined,
    z.uuid(BILL_PAY_MESSAGES.fromAccount).optional(),
  ),
};

/**
 * AutoPay, when on, needs its day, and an amount: its own, or (`hasDefault`) the payee's default.
 */
function requireAutopayFields(
  body: { autopay_enabled?: boolean; autopay_day?: number; autopay_amount?: number },
  hasDefault: boolean,
  ctx: z.RefinementCtx,
) {
  if (!body.autopay_enabled) return;
  if (body.autopay_day === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['autopay_day'],
      message: BILL_PAY_MESSAGES.autopayDayRequired,
    });
  }
  if (body.autopay_amount === undefined && !hasDefault) {
    ctx.addIssue({
      code: 'custom',
      path: ['autopay_amount'],
      message: BILL_PAY_MESSAGES.autopayAmountRequired,
    });
  }
}

/** The AutoPay a form asks for, when on; the day is there (requireAutopayFields). */
function autopayOf(b: {
  autopay_enabled?: boolean;
  autopay_day?: number;
  autopay_amount?: number;
  autopay_account_id?: string;
}) {
  return b.autopay_enabled
    ? {
        day: b.autopay_day!,
        amountCents: b.autopay_amount ?? null,
        fromAccountId: b.autopay_account_id ?? null,
      }
    : null;
}

const payeeBody = z
  .object({
    name: z
      .string({ error: BILL_PAY_MESSAGES.name })
      .trim()
      .min(1, BILL_PAY_MESSAGES.name)
      .max(100, BILL_PAY_MESSAGES.nameTooLong),
    display_name: optionalText(100),
    nickname: optionalText(100),
    category: z.enum(billPayCategories, { error: BILL_PAY_MESSAGES.category }),
    account_number: z
      .string({ error: BILL_PAY_MESSAGES.accountNumber })
      .trim()
      .min(1, BILL_PAY_MESSAGES.accountNumber)
      .refine((v) => {
        const digits = v.replace(/[\s-]/g, '');
        return (
          v === '' ||
          (/^[A-Za-z0-9][A-Za-z0-9 -]*$/.test(v) && digits.length >= 4 && digits.length <= 34)
        );
      }, BILL_PAY_MESSAGES.accountNumberFormat),
    address: optionalText(255),
    city: optionalText(100),
    state: optionalText(50),
    zip_code: optionalText(10).refine(
      (v) => v === undefined || /^\d{5}(-\d{4})?$/.test(v),
      BILL_PAY_MESSAGES.zip,
    ),
    phone: optionalText(20).refine(
      (v) => v === undefined || isPhoneNumber(v),
      CUSTOMER_FIELD_MESSAGES.phone,
    ),
    default_amount: optionalDollars(BILL_PAY_MESSAGES.defaultAmount),
    ...autopayFields,
  })
  .superRefine((body, ctx) => requireAutopayFields(body, body.default_amount !== undefined, ctx));

/**
 * A payee's AutoPay, on (with its day, and its amount unless the payee's default amount is to be
 * paid: the domain checks that one, as only the payee knows it) or off. `autopay_enabled` must be
 * said, so that an empty body turns nothing off.
 */
const autopayBody = z
  .object({
    ...autopayFields,
    autopay_enabled: z.preprocess(
      checkboxValue,
      z.boolean({ error: BILL_PAY_MESSAGES.autopayEnabled }),
    ),
  })
  .superRefine((body, ctx) => requireAutopayFields(body, true, ctx));

/** A rename that names no nickname at all: it must not take the one the payee has away. */
export const RENAME_NICKNAME_MISSING =
  "Please enter the payee's nickname, or an empty one to show it by its company's name.";

/** A nickname to rename to: blank or null ('') takes it away; absent stays undefined. */
const renameNickname = z.preprocess(
  (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? '' : v),
  z.string().trim().max(100, BILL_PAY_MESSAGES.nicknameTooLong).optional(),
);

/**
 * A payee's new nickname, as `display_name` or, as adding a payee takes it, `nickname`; blank
 * takes it away, and the payee is shown by its company's name. A body naming neither is refused:
 * read as blank, it silently took the nickname away.
 */
const renameBody = z
  .object({ display_name: renameNickname, nickname: renameNickname })
  .superRefine((body, ctx) => {
    if (body.display_name === undefined && body.nickname === undefined) {
      ctx.addIssue({ code: 'custom', path: ['display_name'], message: RENAME_NICKNAME_MISSING });
    }
  });

const dateText = z.preprocess(
  blankToUndefined,
  z
    .string({ error: BILL_PAY_MESSAGES.date })
    .trim()
    .refine(isValidDate, BILL_PAY_MESSAGES.date)
    .optional(),
);

/** A payment's amount in dollars, read into cents: the same rules for scheduling and editing. */
const paymentAmount = z.preprocess(
  numericText,
  z
    .number({
      // Left out, the amount is asked for; given as something other than a number, its form is.
      error: (issue) =>
        issue.input === undefined
          ? BILL_PAY_MESSAGES.amountRequired
          : BILL_PAY_MESSAGES.amountFormat,
    })
    .transform(dollarsAsCents(BILL_PAY_MESSAGES.amountFormat))
    .refine((cents) => cents >= 1, BILL_PAY_MESSAGES.minimum),
);

const recurrenceFields = {
  is_recurring: checkbox,
  recurring_frequency: z.preprocess(
    blankToUndefined,
    z.enum(recurringFrequencies, { error: BILL_PAY_MESSAGES.frequency }).optional(),
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
      message: BILL_PAY_MESSAGES.frequency,
    });
  }
}

const scheduleBody = z
  .object({
    payee_id: z.uuid({ error: BILL_PAY_MESSAGES.payee }),
    from_account_id: z.uuid({ error: BILL_PAY_MESSAGES.fromAccount }),
    amount: paymentAmount,
    scheduled_date: dateText,
    memo: optionalText(255),
    ...recurrenceFields,
    /** True: the customer confirmed a payment that matches one already scheduled. */
    confirm_duplicate: checkbox,
  })
  .superRefine(requireFrequency);

/** An edit of a scheduled payment: everything but the payee (and the memo); a date is needed. */
const changeBody = z
  .object({
    from_account_id: z.uuid({ error: BILL_PAY_MESSAGES.fromAccount }),
    amount: paymentAmount,
    scheduled_date: z.preprocess(
      blankToUndefined,
      z
        .string({ error: BILL_PAY_MESSAGES.date })
        .trim()
        .refine(isValidDate, BILL_PAY_MESSAGES.date),
    ),
    ...recurrenceFields,
    /** True: the customer confirmed a change that matches another payment. */
    confirm_duplicate: checkbox,
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
 * Bill pay commands: add and delete payees, turn a payee's AutoPay on or off or change it,
 * schedule (or pay today) a bill, change or cancel a scheduled one. Adding a payee (which may set
 * up AutoPay), changing its AutoPay and scheduling go through the money pipeline; a change or a
 * cancel of a scheduled payment moves nothing (each occurrence is paid by its job, on its day).
 */
export const billPayCommandRoutes: FastifyPluginAsyncZod<{
  ctx: CommandContext;
  rateLimit?: object;
}> = async (app, { ctx, rateLimit }) => {
  app.addHook('onRequest', requireCustomer(ctx.sessions));
  const limited = rateLimit ? { config: { rateLimit } } : {};

  app.post(
    '/bill-payments/payees',
    { schema: { body: payeeBody, response: { 201: payeeAdded } }, ...moneyRoute() },
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
          autopay: autopayOf(b),
        },
        requestIdentity(request),
        commandMetadata(request),
      );
      return sendMoneyReply(reply, outcome);
    },
  );

  app.delete(
    '/bill-payments/payees/:id',
    { schema: { params: uuidParam, response: { 200: successWithoutData } } },
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

  app.put(
    '/bill-payments/payees/:id',
    {
      schema: { params: uuidParam, body: renameBody, response: { 200: successWithoutData } },
      ...limited,
    },
    async (request, reply) => {
      const outcome = await renamePayee(
        ctx,
        request.customerId,
        request.params.id,
        (request.body.display_name ?? request.body.nickname) || null,
        commandMetadata(request),
      );
      markConsistency(reply, outcome);
      return reply.send(ok(null, 'Payee renamed'));
    },
  );

  app.put(
    '/bill-payments/payees/:id/autopay',
    {
      schema: { params: uuidParam, body: autopayBody, response: { 200: payeeAutopayChanged } },
      ...moneyRoute(rateLimit),
    },
    async (request, reply) => {
      const b = request.body;
      const outcome = await changePayeeAutopay(
        ctx,
        request.customerId,
        request.params.id,
        autopayOf(b),
        requestIdentity(request),
        commandMetadata(request),
      );
      return sendMoneyReply(reply, outcome);
    },
  );

  app.post(
    '/bill-payments/schedule',
    {
      schema: { body: scheduleBody, response: { 201: billPaymentScheduled } },
      ...moneyRoute(rateLimit),
    },
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
          confirmedDuplicate: b.confirm_duplicate === true,
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
        b.confirm_duplicate === true,
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
