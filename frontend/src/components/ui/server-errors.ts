import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, firstFieldErrors } from '@/lib/api-client';

/**
 * Puts the server's field errors under their fields (first message of each).
 * `fieldMap` renames server fields to form fields; returns true when any field error was set.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldMap: Partial<Record<string, Path<T>>> = {},
  known?: readonly string[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const { field, message } of firstFieldErrors(error.errors)) {
    const target = fieldMap[field] ?? field;
    if (known && !known.includes(target)) continue;
    setError(target as Path<T>, { type: 'server', message });
    applied = true;
  }
  return applied;
}

/** A fresh key for one attempt of a money movement; retries of that attempt reuse it. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}
