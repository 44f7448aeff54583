import { dollarsToCents, readDollars, TOO_LARGE } from '@bank/events';
import { fieldError, multilineText, type FieldErrors } from '@bank/infra';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DAILY_LIMIT_MESSAGE } from '../domain/transfers/limits.ts';
import { hashRequest, type RequestIdentity } from '../services/idempotency.ts';

/**
 * Hand-written validation of money forms: every field gets the product's own message, in the order
 * the form shows them, and all of a form's errors come back together as one 422.
 */
export class FormErrors {
  readonly errors: FieldErrors = {};

  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }

  has(field: string): boolean {
    return this.errors[field] !== undefined;
  }

  throwIfAny(): void {
    if (Object.keys(this.errors).length > 0) throw fieldError(this.errors);
  }
}

export type Body = Record<string, unknown>;

export const DECIMALS_MESSAGE = 'The amount must be a positive number with at most 2 decimals.';

/**
 * Documented field types of a money form, for the OpenAPI document: text, or an amount as a number
 * (or numeric text from a form input). The messages come from the checks in the routes.
 */
export const formText = z.string().max(2000).nullish();
/** A memo and the like: the form shows it as a text area, so it may span several lines. */
export const formMultilineText = multilineText(z.string().max(2000)).nullish();
/**
 * An amount: any other value (true, a list, an object, text too long to be one) gets the amount's
 * own message, as text that is no amount does.
 */
export const formAmount = z
  .union([z.number(), z.string().max(40, DECIMALS_MESSAGE)], { error: DECIMALS_MESSAGE })
  .nullish();
export const formDigits = z.union([z.string().max(100), z.number()]).nullish();

export function formBody<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.looseObject(shape).nullish();
}

/** The fields of a form body validated by formBody(); an absent body has none. */
export function formFields(body: Body | null | undefined): Body {
  return body ?? {};
}

/** The first of several accepted names that is present (API names first, then the form's). */
export function pick(body: Body, ...names: string[]): unknown {
  for (const name of names) if (body[name] !== undefined && body[name] !== null) return body[name];
  return undefined;
}

/** Trimmed text, '' when absent; numbers are accepted as their text (account numbers). */
/** A real calendar day written YYYY-MM-DD ("2026-02-30" and "2026-99-99" are not). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T12:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text);
}

export function textOf(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

export function requiredText(
  errors: FormErrors,
  field: string,
  value: unknown,
  message: string,
  max = 255,
): string {
  const text = textOf(value);
  if (text === '') errors.add(field, message);
  else if (text.length > max) {
    errors.add(field, `The ${field} may not be greater than ${max} characters.`);
  }
  return text;
}

export function optionalText(errors: FormErrors, field: string, value: unknown, max = 255) {
  const text = textOf(value);
  if (text.length > max)
    errors.add(field, `The ${field} may not be greater than ${max} characters.`);
  return text;
}

/**
 * Form text as the number it writes in plain decimals ("12", "12.50", "12.500"); any other text
 * (hex, binary, exponents, signs) as NaN, which a number schema refuses. So is text with a digit
 * past the cents ("100.000000000000001"), read here, before a float would round it away into an
 * amount the customer did not write. Non-text passes unchanged. Whole digits are not capped here:
 * a long one is a huge amount (readDollars tells it apart, and never turns it into cents), not a
 * badly written one.
 */
export function decimalText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const written = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!written) return Number.NaN;
  const decimals = (written[2] ?? '').replace(/0+$/, '');
  if (decimals.length > 2) return Number.NaN;
  return Number(decimals ? `${written[1]}.${decimals}` : written[1]);
}

/**
 * A zod transform of a dollar number into integer cents, for a form whose schema reads the
 * amount: a number that is no amount gets `formatMessage`, and a well-written one past any day's
 * limit (1e15) the limit's words, as a merely large amount gets them.
 */
export function dollarsAsCents(formatMessage: string) {
  return (dollars: number, ctx: z.RefinementCtx): number => {
    const cents = readDollars(dollars);
    if (typeof cents === 'number') return cents;
    ctx.addIssue({
      code: 'custom',
      message: cents === TOO_LARGE ? DAILY_LIMIT_MESSAGE : formatMessage,
    });
    return z.NEVER;
  };
}

/**
 * A dollar amount (JSON number, or numeric text from a form input) as integer cents; missing, too
 * small or negative gives `minMessage`, more than 2 decimals or no number at all its own message.
 * A well-written amount too large for any limit (1e15) gets the message an amount over the limit
 * gets: `tooLargeMessage`, else `maxMessage`, else the daily limit's (the limit every transfer
 * channel checks).
 */
export function amountCents(
  errors: FormErrors,
  field: string,
  value: unknown,
  limits: {
    minCents: number;
    minMessage: string;
    maxCents?: number;
    maxMessage?: string;
    tooLargeMessage?: string;
  },
): number {
  let cents: ReturnType<typeof readDollars>;
  if (typeof value === 'number') {
    cents = Number.isFinite(value) && value <= 0 ? 0 : readDollars(value);
  } else if (typeof value === 'string' && value.trim() !== '') {
    const text = value.trim();
    // A negative amount (or zero) is an amount, just too small; other text is no amount.
    cents = /^-\d+(\.\d+)?$/.test(text) || /^0*(\.0*)?$/.test(text) ? 0 : readDollars(text);
  } else {
    errors.add(field, limits.minMessage);
    return 0;
  }
  if (cents === TOO_LARGE) {
    errors.add(field, limits.tooLargeMessage ?? limits.maxMessage ?? DAILY_LIMIT_MESSAGE);
    return 0;
  }
  if (cents === undefined) {
    errors.add(field, DECIMALS_MESSAGE);
    return 0;
  }
  if (cents < limits.minCents) errors.add(field, limits.minMessage);
  else if (limits.maxCents !== undefined && cents > limits.maxCents) {
    errors.add(field, limits.maxMessage ?? DECIMALS_MESSAGE);
  }
  return cents;
}

/** How many Idempotency-Key headers the request carries, however spelled. */
function keyHeadersSent(request: FastifyRequest): number {
  const raw = request.raw.rawHeaders;
  let sent = 0;
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.toLowerCase() === 'idempotency-key') sent += 1;
  }
  return sent;
}

const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DOLLARS_TEXT = /^\d{1,13}(\.\d{1,2})?$/;

/**
 * What a form body asks, as the form's readers read it but without looking anything up: text
 * trimmed, an empty field as an absent one, an amount (5.11 or "5.11") as its cents, an id
 * (fromAccount, toAccount, ...Id) as its lower-case UUID. A saved recipient stays its id, and a
 * date stays as written (no date means "today" whenever it is sent, which only the bank's clock
 * could turn into a date): nothing here reads state, so a retry asks the same whatever changed.
 */
export function askedOf(value: unknown, field = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => askedOf(item));
  if (value && typeof value === 'object') {
    const out: Body = {};
    for (const [name, item] of Object.entries(value as Body)) {
      const asked = askedOf(item, name);
      if (asked !== undefined) out[name] = asked;
    }
    return out;
  }
  if (/amount$/i.test(field)) {
    const text = typeof value === 'string' ? value.trim() : value;
    const dollars = typeof text === 'string' && DOLLARS_TEXT.test(text) ? Number(text) : text;
    const cents = typeof dollars === 'number' ? dollarsToCents(dollars) : undefined;
    if (cents !== undefined) return { cents };
  }
  if (typeof value !== 'string') return value ?? undefined;
  const text = value.trim();
  if (text === '') return undefined;
  return /^(fromAccount|toAccount)$|Id$/.test(field) && UUID_TEXT.test(text)
    ? text.toLowerCase()
    : text;
}

/**
 * Who asks, with which Idempotency-Key, for what: the exactly-once identity of a request. Node
 * joins a header sent twice into one value ("k, k"), which would read as a new key and run the
 * request again: two keys are refused instead.
 *
 * A form route (its body schema leaves fields as sent) passes `form: true`: the request is then
 * named by what its body asks (askedOf), so a retry that spells it another way replays and one
 * asking for something else is still refused. The body as sent names it too, as keys recorded by
 * earlier versions did.
 */
export function requestIdentity(
  request: FastifyRequest,
  options: { form?: boolean; keyOwner?: string } = {},
): RequestIdentity {
  const key = request.headers['idempotency-key'];
  if (key !== undefined && keyHeadersSent(request) > 1) {
    throw fieldError({ 'Idempotency-Key': ['Send one Idempotency-Key header, not several.'] });
  }
  const path = routedPath(request);
  const bodyHash = hashRequest(request.method, path, request.body ?? null);
  return {
    customerId: options.keyOwner ?? request.customerId,
    key: key === undefined ? undefined : String(key),
    ...(options.form
      ? {
          requestHash: hashRequest(request.method, path, { asked: askedOf(request.body ?? {}) }),
          otherHashes: [bodyHash],
        }
      : { requestHash: bodyHash }),
  };
}

/**
 * The path as the route read it: its pattern with the validated parameters put back. A retry that
 * spells the same resource differently (percent-encoded, upper-case UUID) is the same request, and
 * a plain path comes out as it was sent, so keys recorded before stay valid.
 */
function routedPath(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern === undefined) return request.url.split('?')[0]!;
  const params = (request.params ?? {}) as Record<string, unknown>;
  return pattern.replace(/:(\w+)/g, (_, name: string) => String(params[name] ?? ''));
}

/**
 * Staff requests have no customer: their Idempotency-Keys belong to the bank's operations, one
 * namespace (and one queue) for every ops token holder.
 */
const OPS_KEY_OWNER = '00000000-0000-4000-8000-0000000005ff';

export function opsRequestIdentity(request: FastifyRequest): RequestIdentity {
  return requestIdentity(request, { keyOwner: OPS_KEY_OWNER });
}
