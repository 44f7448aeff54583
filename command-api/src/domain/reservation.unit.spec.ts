import { describe, expect, it } from 'vitest';
import { claimHoldsAgainstOthers, UNPROVED_CLAIM_HOLDS_MS } from './reservation.ts';

describe('a claim on an email or phone', () => {
  const claimedAt = '2026-11-30T12:00:00.000Z';
  const after = (ms: number) => new Date(Date.parse(claimedAt) + ms);

  it('holds against others for good once its holder proved it', () => {
    expect(claimHoldsAgainstOthers({ claimedAt }, true, after(365 * 86_400_000))).toBe(true);
  });

  it('holds for a day while its holder has not proved it, then lapses', () => {
    expect(claimHoldsAgainstOthers({ claimedAt }, false, after(UNPROVED_CLAIM_HOLDS_MS - 1))).toBe(
      true,
    );
    expect(claimHoldsAgainstOthers({ claimedAt }, false, after(UNPROVED_CLAIM_HOLDS_MS))).toBe(
      false,
    );
  });

  it('holds for good when recorded before claims kept their time', () => {
    expect(claimHoldsAgainstOthers({}, false, after(365 * 86_400_000))).toBe(true);
  });
});
