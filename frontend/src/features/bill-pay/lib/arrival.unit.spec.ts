import { describe, expect, it } from 'vitest';
import { arrivalLine } from './arrival';

describe('arrivalLine', () => {
  it('says the payee receives a payment on its date, today or later, and each repeat on its own', () => {
    expect(arrivalLine('Harbor Water', '2026-12-01', '2026-12-01')).toBe(
      'Harbor Water receives it today, electronically: the money leaves your account now.',
    );
    expect(arrivalLine('Harbor Water', '2026-12-15', '2026-12-01', true)).toBe(
      'Harbor Water receives it on Dec 15, 2026, electronically: the money leaves your account that day. Each later payment arrives on its own date.',
    );
  });
});
