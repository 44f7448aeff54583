import { describe, expect, it } from 'vitest';
import { CheckpointMovedError, mayPark } from './parking.ts';

const pgError = (code: string) => Object.assign(new Error(code), { code });

describe('which failures may park an event', () => {
  it('parks on failures that come from the event (constraints, types, a handler throwing)', () => {
    for (const error of [pgError('23505'), pgError('22P02'), new Error('handler failed')]) {
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
});
