import { describe, expect, it } from 'vitest';
import {
  CLAIM_CODE_MAX_ATTEMPTS,
  CLAIM_MESSAGES,
  decideCodeAttempt,
  maskContact,
  newClaimCode,
} from './claim-code.ts';

const now = new Date('2026-11-25T12:00:00Z');
const live = { expiresAt: new Date('2026-11-25T12:10:00Z'), attempts: 0, closed: false };

function message(decision: ReturnType<typeof decideCodeAttempt>) {
  return decision.outcome === 'refused' ? decision.error.message : 'accepted';
}

describe('a claim code attempt', () => {
  it('accepts the right code while the code is live', () => {
    expect(decideCodeAttempt(live, true, now)).toEqual({ outcome: 'accepted' });
  });

  it('counts a wrong code, and the last allowed wrong try spends it', () => {
    const wrong = decideCodeAttempt(live, false, now);
    expect(wrong).toMatchObject({ outcome: 'refused', countAttempt: true });
    expect(message(wrong)).toBe(CLAIM_MESSAGES.wrongCode);
    const last = decideCodeAttempt({ ...live, attempts: CLAIM_CODE_MAX_ATTEMPTS - 1 }, false, now);
    expect(message(last)).toBe(CLAIM_MESSAGES.spent);
  });

  it('refuses even the right code once spent, expired, closed or never issued', () => {
    const spent = { ...live, attempts: CLAIM_CODE_MAX_ATTEMPTS };
    expect(message(decideCodeAttempt(spent, true, now))).toBe(CLAIM_MESSAGES.spent);
    expect(message(decideCodeAttempt({ ...live, expiresAt: now }, true, now))).toBe(
      CLAIM_MESSAGES.noCode,
    );
    expect(message(decideCodeAttempt({ ...live, closed: true }, true, now))).toBe(
      CLAIM_MESSAGES.noCode,
    );
    expect(message(decideCodeAttempt(undefined, true, now))).toBe(CLAIM_MESSAGES.noCode);
  });
});

describe('codes and contacts', () => {
  it('makes six digits, leading zeros kept', () => {
    expect(newClaimCode(() => 42)).toBe('000042');
    expect(newClaimCode(() => 999_999)).toBe('999999');
  });

  it('masks where a code went', () => {
    expect(maskContact('email', 'jordan@example.com')).toBe('j***@example.com');
    expect(maskContact('phone', '2125550199')).toBe('***0199');
  });
});
