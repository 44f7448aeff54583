import { createLogger, InvalidSetting } from '@bank/infra';

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

/**
 * The refusal an error stands for, or undefined when it is a fault of the code: a StartRefused as
 * it is, a setting present but wrong (TRUST_PROXY=true, a KAFKA_SESSION_TIMEOUT_MS below 1000...)
 * as a refusal naming the setting and the reason.
 */
export function asRefusal(error: unknown): StartRefused | undefined {
  if (error instanceof StartRefused) return error;
  if (error instanceof InvalidSetting) {
    return new StartRefused(error.message, { setting: error.setting, reason: error.reason });
  }
  return undefined;
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

/**
 * Ends the process with the refusal `error` stands for (exit code 2, one fatal line naming the
 * setting), its message after `prefix`; any other error is thrown on.
 */
export function exitOnRefusal(
  error: unknown,
  prefix = '',
  fields: Record<string, unknown> = {},
): never {
  const refusal = asRefusal(error);
  if (!refusal) throw error;
  exitRefused(`${prefix}${refusal.message}`, { ...fields, ...refusal.fields });
}

/** What `read` returns; when it throws a refusal, the process ends as exitOnRefusal says. */
export function orExitOnRefusal<T>(
  read: () => T,
  prefix = '',
  fields: Record<string, unknown> = {},
): T {
  try {
    return read();
  } catch (error) {
    return exitOnRefusal(error, prefix, fields);
  }
}

/**
 * Ends a start that failed: a refusal as exitOnRefusal says (exit 2); any other error in one fatal
 * line on standard error with exit code 1, its stack only at LOG_LEVEL=debug, since what was
 * started is stopped by then and a stack trace is no help to the person running the bank.
 * `service` names a part started on its own (npm run start:<service>) in the line and its fields.
 */
export function exitStartFailed(error: unknown, logLevel: string, service?: string): never {
  const fields = service ? { service } : {};
  if (asRefusal(error)) exitOnRefusal(error, service ? `${service}: ` : '', fields);
  const logger = createLogger({ level: logLevel, stream: process.stderr, base: fields });
  const message = error instanceof Error ? error.message : String(error);
  const line = `${service ?? 'The bank'} did not start: ${message}`;
  logger.debug({ err: error }, 'the start failed');
  if (process.stderr.isTTY) process.stderr.write(`${line}\n`);
  else logger.fatal(line);
  process.exit(1);
}
