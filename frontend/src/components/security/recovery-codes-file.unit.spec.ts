import { describe, expect, it } from 'vitest';
import { recoveryCodesText } from './recovery-codes-file';

describe('the recovery codes file', () => {
  it("is dated on the bank's day, not the UTC one, late in a New York evening", () => {
    const text = recoveryCodesText(['abcde-fghij'], new Date('2026-12-01T02:30:00Z'));
    expect(text).toContain('Issued 2026-11-30.');
    expect(text.split('\n')).toContain('abcde-fghij');
  });
});
