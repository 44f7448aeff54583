import { z } from 'zod';

/**
 * What a message calls the value at `path`: its field's name in words ("account id"); an entry of
 * a list by the list's name ("tags" for `tags.2`); the request body itself, "body".
 */
export function fieldLabel(path: readonly PropertyKey[]): string {
  for (let i = path.length - 1; i >= 0; i -= 1) {
    const key = path[i];
    if (typeof key === 'string') return key.replace(/_/g, ' ');
  }
  return 'body';
}

/**
 * zod's own bound on every integer (2^53 - 1): `limit=99999999999999999999` is past it as well as
 * past the schema's bound, and a customer should read the schema's ("must not be greater than
 * 500"), not this one's number.
 */
export function isPastIntegerRange(issue: {
  keyword?: string;
  code?: string;
  params?: { origin?: unknown; maximum?: unknown };
  origin?: unknown;
  maximum?: unknown;
}): boolean {
  const bound = issue.params ?? issue;
  return (
    (issue.keyword ?? issue.code) === 'too_big' &&
    (bound.origin === 'int' || bound.origin === 'number') &&
    Number(bound.maximum) === Number.MAX_SAFE_INTEGER
  );
}

/**
 * A schema's own message for a value that is missing (or not of its type) only, as
 * `z.string({ error: whenMissing('Please fill in all required fields.') })`. A plain string there
 * would also stand for every check without a message of its own, so a name too long would be
 * "required"; with this, those checks keep the friendly messages below.
 */
export const whenMissing =
  (message: string) =>
  (issue: { code?: string }): string | undefined =>
    issue.code === 'invalid_type' ? message : undefined;

/** What a value of one of zod's expected types is called in a message: "must be a whole number". */
const EXPECTED_NAMES: Readonly<Record<string, string>> = {
  int: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  date: 'a date',
};

/**
 * Friendly messages for zod's generic failures ("The email field is required."), used wherever a
 * schema does not name its own message.
 */
export function installZodMessages(): void {
  z.config({
    customError: (issue) => {
      const field = fieldLabel(issue.path ?? []);
      switch (issue.code) {
        case 'invalid_type':
          return issue.input === undefined || issue.input === null
            ? `The ${field} field is required.`
            : `The ${field} field must be ${EXPECTED_NAMES[issue.expected] ?? `of type ${issue.expected}`}.`;
        case 'too_small':
          if (issue.origin === 'string') {
            return issue.minimum === 1
              ? `The ${field} field is required.`
              : `The ${field} field must be at least ${issue.minimum} characters.`;
          }
          return `The ${field} field must be at least ${issue.minimum}.`;
        case 'too_big':
          if (isPastIntegerRange(issue)) return `The ${field} field is too large.`;
          return issue.origin === 'string'
            ? `The ${field} field must not be greater than ${issue.maximum} characters.`
            : `The ${field} field must not be greater than ${issue.maximum}.`;
        case 'invalid_format':
          return issue.format === 'email'
            ? `The ${field} field must be a valid email address.`
            : `The ${field} field format is invalid.`;
        case 'invalid_value':
          return `The selected ${field} is invalid.`;
        case 'invalid_union': {
          // Every option refused the value for one reason: say it as that reason would.
          const options = (issue.errors ?? []) as { code?: string; expected?: string }[][];
          const reasons = options.map((option) => (option.length === 1 ? option[0]! : undefined));
          if (options.length === 0 || reasons.some((reason) => reason === undefined)) {
            return undefined;
          }
          if (issue.input === undefined || issue.input === null) {
            return `The ${field} field is required.`;
          }
          // Of none of the types the field takes (true for "text or a number"): say which it takes.
          const expected = reasons.map((reason) =>
            reason!.code === 'invalid_type' ? EXPECTED_NAMES[reason!.expected ?? ''] : undefined,
          );
          if (expected.every((name) => name !== undefined)) {
            return `The ${field} field must be ${[...new Set(expected)].join(' or ')}.`;
          }
          // None of the values it takes (a list of choices, or one of them besides "all").
          if (reasons.every((reason) => reason!.code === 'invalid_value')) {
            return `The selected ${field} is invalid.`;
          }
          return undefined;
        }
        case 'unrecognized_keys':
          return `Unknown field: ${issue.keys.join(', ')}.`;
        default:
          return undefined;
      }
    },
  });
}
