import type { z } from 'zod';
import type { FieldErrors } from './errors.ts';
import { fieldLabel } from './zod-messages.ts';

/**
 * The bank's one rule for text arriving over HTTP, applied to every string (and object key) of
 * every request body and query string before its schema sees it:
 * - C0 control characters, DEL and C1 controls are refused; tab, newline and carriage return only
 *   in fields declared multi-line (`multilineText`). NUL in particular cannot be stored by
 *   PostgreSQL, and escape sequences end up in terminals that show logs.
 * - Unicode's line and paragraph separators (U+2028, U+2029) are refused in every field, multi-line
 *   ones too: they are line breaks that pass for ordinary text, so a name could start a new line
 *   in a notification another customer reads ("Transfer from Bob", then a line of the bank's own).
 *   A multi-line field takes its lines as newline (or carriage return and newline); NEL (U+0085),
 *   the vertical tab and the form feed are controls, refused above.
 * - Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) and the
 *   directional marks (U+200E, U+200F, U+061C) are refused: they let one customer make text shown
 *   to another read differently from what it is.
 * - Characters that draw nothing are refused: Unicode's default-ignorable ones (zero-width
 *   spaces and joiners, the soft hyphen, the Hangul fillers, invisible operators, tag characters,
 *   ...) and the blank braille pattern. They make two different names look alike, a required
 *   field look empty (a name that is only U+3164 passes "at least one character"), and tag
 *   characters carry words nobody reading the screen can see. Variation selectors stay: they
 *   choose how the character before them is drawn (the emoji form of ❤️).
 * - Unpaired UTF-16 surrogates are refused (they are not Unicode text).
 * - Everything else is normalised to NFC, so the same visible text is stored one way, except
 *   fields declared `verbatimText` (passwords: their hashes were made from the text as typed).
 */

const LINE_BREAK_OR_TAB = /[\t\n\r]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const SEPARATOR = /[\u2028\u2029]/;
const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;
const INVISIBLE = /(?![\uFE00-\uFE0F\u{E0100}-\u{E01EF}])[\p{Default_Ignorable_Code_Point}\u2800]/u;
/**
 * Verbatim fields (passwords, shown to nobody) keep the narrower rule they were chosen under: a
 * password may hold a mark, separator or invisible character refused elsewhere, and must still sign in.
 */
const VERBATIM_BIDI = /[\u202A-\u202E\u2066-\u2069]/;
const VERBATIM_INVISIBLE = /[\u200B-\u200D\u2060\uFEFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Schemas whose text may span several lines (tab, newline and carriage return allowed). */
const multiline = new WeakSet<object>();
/** Schemas whose text is kept exactly as sent (not NFC-normalised). */
const verbatim = new WeakSet<object>();

/** Declares a string schema multi-line. Apply it last: a schema derived from it is a new one. */
export function multilineText<T extends z.ZodType>(schema: T): T {
  multiline.add(schema);
  return schema;
}

/** Declares a string schema verbatim (not normalised). Apply it last, as `multilineText`. */
export function verbatimText<T extends z.ZodType>(schema: T): T {
  verbatim.add(schema);
  return schema;
}

/** What is wrong with a text, as a field error, or undefined when the policy allows it. */
export function textProblem(
  text: string,
  field: string,
  allowsLines: boolean,
  keptAsSent = false,
): string | undefined {
  if (CONTROL.test(text)) return `The ${field} field must not contain control characters.`;
  if (!allowsLines && LINE_BREAK_OR_TAB.test(text)) {
    return `The ${field} field must be a single line without tabs.`;
  }
  if (!keptAsSent && SEPARATOR.test(text)) {
    return `The ${field} field must not contain line or paragraph separators.`;
  }
  if ((keptAsSent ? VERBATIM_BIDI : BIDI).test(text)) {
    return `The ${field} field must not contain text-direction control characters.`;
  }
  if ((keptAsSent ? VERBATIM_INVISIBLE : INVISIBLE).test(text))
    return `The ${field} field must not contain invisible characters.`;
  if (LONE_SURROGATE.test(text)) return `The ${field} field must be valid Unicode text.`;
  return undefined;
}

interface ZodInternals {
  _zod?: {
    def: {
      type: string;
      shape?: Record<string, object>;
      innerType?: object;
      in?: object;
      out?: object;
      element?: object;
      options?: object[];
      valueType?: object;
      left?: object;
      right?: object;
    };
  };
}

/** The schemas that may validate the value at `key` inside a value validated by `schema`. */
function childSchemas(schema: object | undefined, key: string | number): object[] {
  const found: object[] = [];
  const visit = (s: object | undefined, depth: number): void => {
    const def = (s as ZodInternals | undefined)?._zod?.def;
    if (!def || depth > 16) return;
    switch (def.type) {
      case 'object':
        if (typeof key === 'string' && def.shape && Object.hasOwn(def.shape, key)) {
          found.push(def.shape[key]!);
        }
        return;
      case 'record':
        if (def.valueType) found.push(def.valueType);
        return;
      case 'array':
        if (typeof key === 'number' && def.element) found.push(def.element);
        return;
      case 'pipe': {
        // A preprocess is a pipe from a transform: the shape is the pipe's output.
        const from = (def.in as ZodInternals | undefined)?._zod?.def.type;
        visit(from === 'transform' ? def.out : def.in, depth + 1);
        return;
      }
      case 'union':
        for (const option of def.options ?? []) visit(option, depth + 1);
        return;
      case 'intersection':
        visit(def.left, depth + 1);
        visit(def.right, depth + 1);
        return;
      default:
        if (def.innerType) visit(def.innerType, depth + 1);
    }
  };
  visit(schema, 0);
  return found;
}

const childrenOf = (schemas: readonly object[], key: string | number) =>
  schemas.flatMap((schema) => childSchemas(schema, key));

/** Whether any schema of `schemas`, or a wrapper inside it, carries the mark. */
function marked(schemas: readonly object[], mark: WeakSet<object>): boolean {
  return schemas.some((schema) => {
    let current: object | undefined = schema;
    for (let depth = 0; current && depth < 16; depth += 1) {
      if (mark.has(current)) return true;
      const def: NonNullable<ZodInternals['_zod']>['def'] | undefined = (current as ZodInternals)
        ._zod?.def;
      current = def?.type === 'pipe' ? def.in : def?.innerType;
    }
    return false;
  });
}

const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;

/**
 * Whether every string and key of `value` is printable ASCII: text the policy allows in every
 * field and that NFC leaves as it is. Most requests are; they skip the walk below. Iterative for
 * the reason given there.
 */
function allPrintableAscii(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (!PRINTABLE_ASCII.test(item)) return false;
    } else if (Array.isArray(item)) {
      for (const inner of item) pending.push(inner);
    } else if (item !== null && typeof item === 'object') {
      for (const key in item) {
        if (!Object.hasOwn(item, key)) continue;
        if (!PRINTABLE_ASCII.test(key)) return false;
        pending.push((item as Record<string, unknown>)[key]);
      }
    }
  }
  return true;
}

/**
 * Checks every string and key of `input` (parsed JSON, or a query string's object) against the
 * policy. Answers the field errors, keyed as the validation errors are (`a.b.0`), or the input
 * with its text normalised to NFC.
 */
export function applyTextPolicy(
  input: unknown,
  schema: object | undefined,
): { errors: FieldErrors } | { value: unknown } {
  if (allPrintableAscii(input)) return { value: input };
  const errors: FieldErrors = {};
  const fail = (path: readonly (string | number)[], message: string) => {
    (errors[path.join('.') || 'body'] ??= []).push(message);
  };
  // Iterative: the body's depth is bounded by the JSON parser, but a walk must never be the
  // thing that overflows the stack. Each item replaces its value in a copy of its parent.
  let result: unknown;
  const work: {
    value: unknown;
    set: (value: unknown) => void;
    path: (string | number)[];
    schemas: object[];
  }[] = [{ value: input, set: (v) => (result = v), path: [], schemas: schema ? [schema] : [] }];
  while (work.length > 0) {
    const { value, set, path, schemas } = work.pop()!;
    if (typeof value === 'string') {
      const keptAsSent = marked(schemas, verbatim);
      const problem = textProblem(value, fieldLabel(path), marked(schemas, multiline), keptAsSent);
      if (problem) fail(path, problem);
      set(problem || keptAsSent ? value : value.normalize('NFC'));
    } else if (Array.isArray(value)) {
      const copy: unknown[] = [...value];
      set(copy);
      copy.forEach((inner, i) =>
        work.push({
          value: inner,
          set: (v) => (copy[i] = v),
          path: [...path, i],
          schemas: childrenOf(schemas, i),
        }),
      );
    } else if (value !== null && typeof value === 'object') {
      const copy: Record<string, unknown> = {};
      set(copy);
      for (const [name, inner] of Object.entries(value)) {
        const problem = textProblem(name, 'field name', false);
        if (problem) fail(path, problem);
        const key = problem ? name : name.normalize('NFC');
        work.push({
          value: inner,
          // Defined, not assigned: a key named __proto__ stays a plain field.
          set: (v) =>
            Object.defineProperty(copy, key, {
              value: v,
              enumerable: true,
              writable: true,
              configurable: true,
            }),
          path: [...path, key],
          schemas: childrenOf(schemas, key),
        });
      }
    } else {
      set(value);
    }
  }
  return Object.keys(errors).length > 0 ? { errors } : { value: result };
}
