const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;
const DAY_MS = 86_400_000;

/**
 * Reads an ISO 8601 instant. A bare date means the start of that day (UTC) for `start`, and the
 * end of it (the next midnight, exclusive) for `end`: "balance at 2025-03-31" is the close of
 * that day, and a statement "to 2025-03-31" includes that day.
 */
export function parseInstant(text: string, edge: 'start' | 'end'): Date | undefined {
  const value = text.trim();
  if (DATE_ONLY.test(value)) {
    const start = Date.parse(`${value}T00:00:00.000Z`);
    if (Number.isNaN(start) || new Date(start).toISOString().slice(0, 10) !== value)
      return undefined;
    return new Date(edge === 'start' ? start : start + DAY_MS);
  }
  if (!DATE_TIME.test(value)) return undefined;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? undefined : new Date(parsed);
}

/** For an `at` bound: the last instant included (a bare date: the end of that day). */
export function parseAsOf(text: string): Date | undefined {
  const end = parseInstant(text, 'end');
  if (!end) return undefined;
  return DATE_ONLY.test(text.trim()) ? new Date(end.getTime() - 1) : end;
}
