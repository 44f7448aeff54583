import { useEffect, useMemo, useRef } from 'react';
import type { FieldValues, Path, UseFormSetError, UseFormWatch } from 'react-hook-form';
import { ApiError, firstFieldErrors } from '@/lib/api-client';

/**
 * Puts the server's field errors under their fields (first message of each) and the focus in the
 * first of them (in the order of `known` when given), so the customer lands where to fix it.
 * `fieldMap` renames server fields to form fields; returns true when any field error was set.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldMap: Partial<Record<string, Path<T>>> = {},
  known?: readonly string[],
): boolean {
  return serverFieldErrors(error, setError, fieldMap, known) !== null;
}

/**
 * applyServerFieldErrors, returning the field that takes the focus (null when none was set): a
 * form that is not on the screen at that moment (behind a review step) focuses it when it returns.
 */
export function serverFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldMap: Partial<Record<string, Path<T>>> = {},
  known?: readonly string[],
): Path<T> | null {
  if (!(error instanceof ApiError)) return null;
  const errors = firstFieldErrors(error.errors)
    .map(({ field, message }) => ({ field: (fieldMap[field] ?? field) as Path<T>, message }))
    .filter(({ field }) => !known || known.includes(field));
  if (known) errors.sort((a, b) => known.indexOf(a.field) - known.indexOf(b.field));
  errors.forEach(({ field, message }, i) =>
    setError(field, { type: 'server', message }, { shouldFocus: i === 0 }),
  );
  return errors[0]?.field ?? null;
}

/** A fresh key for one attempt of a money movement; retries of that attempt reuse it. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * One Idempotency-Key per form as typed: sent again unchanged (after an answer that never came,
 * or a second click), the bank answers as it did the first time instead of doing it twice. Any
 * change to the form, or `renew()` after a success, starts a new request.
 */
export function useFormAttemptKey<T extends FieldValues>(form: { watch: UseFormWatch<T> }) {
  const key = useRef(newIdempotencyKey());
  useEffect(() => {
    const watching = form.watch(() => {
      key.current = newIdempotencyKey();
    });
    return () => watching.unsubscribe();
  }, [form]);
  return useMemo(
    () => ({
      current: () => key.current,
      renew: () => {
        key.current = newIdempotencyKey();
      },
    }),
    [],
  );
}
