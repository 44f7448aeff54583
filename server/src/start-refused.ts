import { createLogger } from '@bank/infra';

/**
 * The bank will not start as things stand; the message says why and what to do, and `fields`
 * name it for a log collector (the setting at fault).
 */
export class StartRefused extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** Stops what already started (in reverse order), then fails the start with the error. */
export async function failStart(stoppers: (() => Promise<void>)[], error: unknown): Promise<never> {
  for (const stop of [...stoppers].reverse()) await stop().catch(() => {});
  throw error;
}

/**
 * Ends a process that must not start, with exit code 2 and the reason on standard error: the
 * sentence itself for a person at a terminal, one fatal JSON line for a supervisor or collector.
 */
export function exitRefused(message: string, fields: Record<string, unknown> = {}): never {
  if (process.stderr.isTTY) process.stderr.write(`${message}\n`);
  else createLogger({ level: 'info', stream: process.stderr }).fatal(fields, message);
  process.exit(2);
}
