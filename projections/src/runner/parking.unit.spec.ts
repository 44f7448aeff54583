import { describe, expect, it } from 'vitest';
import { CheckpointMovedError, mayPark } from './parking.ts';

const pgError = (code: string) => Object.assign(new Error(code), { code });

describe('which failures may park an event', () => {
  it('parks on failures that come from the event (constraints, types, a handler throwing)', () => {
    for (const error of [
      pgError('23505'), // unique violation
      pgError('23502'), // not-null violation
      pgError('23514'), // check violation
      pgError('22P02'), // invalid text representation
      pgError('22003'), // numeric value out of range
      new Error('handler failed'),
    ]) {
      expect(mayPark(error)).toBe(true);
    }
  });

  it('never parks on a transient failure or an unreachable database', () => {
    for (const error of [
      pgError('57014'), // statement timeout
      pgError('40P01'), // deadlock
      pgError('40001'), // serialization failure
      pgError('55P03'), // lock not available
      pgError('53300'), // too many connections
      pgError('57P01'), // admin shutdown
      Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      new CheckpointMovedError('accounts'),
    ]) {
      expect(mayPark(error)).toBe(false);
    }
  });

  it('never parks on a wrong environment: a grant, a table or a function missing, a standby', () => {
    for (const error of [
      pgError('42501'), // insufficient privilege
      pgError('42P01'), // undefined table
      pgError('42703'), // undefined column
      pgError('42883'), // undefined function
      pgError('42704'), // undefined object (a type)
      pgError('3F000'), // invalid schema name
      pgError('25006'), // read-only transaction
      pgError('08006'), // connection failure
      pgError('28P01'), // invalid password
      pgError('XX000'), // internal error
    ]) {
      expect(mayPark(error)).toBe(false);
    }
  });
});
