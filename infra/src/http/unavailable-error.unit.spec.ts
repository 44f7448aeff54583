import { describe, expect, it } from 'vitest';
import { isUnavailableError } from './unavailable-error.ts';

const socketError = (code: string, syscall: string) =>
  Object.assign(new Error(`${syscall} ${code}`), { code, syscall });
const serverError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('isUnavailableError', () => {
  it('knows a server that is gone, going or full, whichever way the error says it', () => {
    for (const error of [
      socketError('ECONNREFUSED', 'connect'),
      socketError('ENOENT', 'connect'),
      socketError('ECONNRESET', 'read'),
      // A write on a connection the server closed while the client still held it.
      socketError('EPIPE', 'write'),
      socketError('ETIMEDOUT', 'connect'),
      socketError('EHOSTUNREACH', 'connect'),
      serverError('57P01', 'terminating connection due to administrator command'),
      serverError('57P03', 'the database system is shutting down'),
      serverError('53300', 'sorry, too many clients already'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      // node-postgres, for a query on a checked-out client after its connection failed.
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('Client was closed and is not queryable'),
    ]) {
      expect(isUnavailableError(error), error.message).toBe(true);
    }
  });

  it('leaves every other failure to its caller', () => {
    for (const error of [
      serverError('23505', 'duplicate key value violates unique constraint'),
      serverError('42P01', 'relation "rm_accounts" does not exist'),
      socketError('ENOENT', 'open'),
      new Error('Cannot read properties of undefined'),
      undefined,
      null,
      'a string',
    ]) {
      expect(isUnavailableError(error)).toBe(false);
    }
  });
});
