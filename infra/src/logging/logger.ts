import { pino, type Logger } from 'pino';
import { loggerOptions, type AccessLogOptions } from '../http/access-log.ts';

export type BankLogger = Logger;

export interface BankLoggerOptions extends AccessLogOptions {
  /** Fields on every line, e.g. `{ service: 'command-api' }`. */
  base?: Record<string, unknown>;
}

/**
 * The bank's process logger: the access log's settings (LOG_LEVEL, pino-pretty on a terminal,
 * JSON lines otherwise, credentials redacted), for the lines that are not about one request:
 * start-up, projections, jobs, parked and skipped events.
 */
export function createLogger(options: BankLoggerOptions = {}): BankLogger {
  const { stream, ...settings } = loggerOptions(options).logger;
  const base = { pid: process.pid, ...options.base };
  return stream ? pino({ ...settings, base }, stream) : pino({ ...settings, base });
}

/** Line-at-a-time output (a test's or a tool's) as a logger: the message, then the fields. */
export function lineLogger(write: (line: string) => void): BankLogger {
  const stream = {
    write(json: string) {
      const {
        msg,
        level: _level,
        time: _time,
        pid: _pid,
        ...fields
      } = JSON.parse(json) as {
        msg?: string;
        [key: string]: unknown;
      };
      const rest = Object.keys(fields).length > 0 ? ` ${JSON.stringify(fields)}` : '';
      write(`${msg ?? ''}${rest}`);
    },
  };
  return pino({ level: 'trace', base: undefined }, stream);
}
