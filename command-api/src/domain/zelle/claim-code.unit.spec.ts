import { describe, expect, it } from 'vitest';
import {
  CLAIM_CODE_ISSUE_WINDOW_MS,
  CLAIM_CODE_LIMITED,
  CLAIM_CODE_MAX_ATTEMPTS,
  CLAIM_CODES_PER_HOUR,
  CLAIM_MESSAGES,
  CLAIM_WRONG_CODE_WINDOW_MS,
  CLAIM_WRONG_CODES_PER_DAY,
  decideCodeAttempt,
  decideCodeTry,
  decideNewCode,
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

  it('tells the right code sent again after a claim took it that it was used, counting nothing', () => {
    const used = { ...live, used: true };
    expect(decideCodeAttempt(used, true, now)).toMatchObject({ countAttempt: false });
    expect(message(decideCodeAttempt(used, true, now))).toBe(CLAIM_MESSAGES.used);
    expect(message(decideCodeAttempt(used, false, now))).toBe(CLAIM_MESSAGES.noCode);
    const usedAndExpired = { ...used, expiresAt: now };
    expect(message(decideCodeAttempt(usedAndExpired, true, now))).toBe(CLAIM_MESSAGES.noCode);
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

const ago = (ms: number) => new Date(now.getTime() - ms);
const minutes = 60 * 1000;

describe('how many codes a customer may ask for', () => {
  it('sends up to three codes in any rolling hour, then refuses the next', () => {
    expect(CLAIM_CODES_PER_HOUR).toBe(3);
    expect(CLAIM_CODE_ISSUE_WINDOW_MS).toBe(60 * minutes);
    expect(decideNewCode([], now)).toEqual({ outcome: 'allowed' });
    expect(decideNewCode([ago(50 * minutes), ago(1 * minutes)], now).outcome).toBe('allowed');
    const refused = decideNewCode([ago(50 * minutes), ago(20 * minutes), ago(1 * minutes)], now);
    expect(refused).toMatchObject({ outcome: 'refused' });
    if (refused.outcome !== 'refused') throw new Error('expected a refusal');
    expect(refused.error.reason).toBe(CLAIM_CODE_LIMITED);
    expect(refused.error.message).toBe('Too many codes requested. Please try again later.');
    expect(refused.error.field).toBe('kind');
  });

  it('forgets codes issued an hour ago or earlier', () => {
    const old = [ago(60 * minutes), ago(2 * 60 * minutes), ago(61 * minutes)];
    expect(decideNewCode([...old, ago(59 * minutes), ago(1)], now).outcome).toBe('allowed');
    expect(decideNewCode([ago(59 * minutes), ago(30 * minutes), ago(1)], now).outcome).toBe(
      'refused',
    );
  });
});

describe('how many wrong codes a customer may enter', () => {
  const expiring = (msAgo: number, attempts: number) => ({ expiresAt: ago(msAgo), attempts });
  const day = 24 * 60 * minutes;

  it('allows ten wrong codes across codes in any rolling 24 hours, then refuses any try', () => {
    expect(CLAIM_WRONG_CODES_PER_DAY).toBe(10);
    expect(CLAIM_WRONG_CODE_WINDOW_MS).toBe(day);
    expect(decideCodeTry([], now)).toEqual({ outcome: 'allowed' });
    const nine = [expiring(3 * 60 * minutes, 5), expiring(-10 * minutes, 4)];
    expect(decideCodeTry(nine, now).outcome).toBe('allowed');
    const ten = [...nine, expiring(60 * minutes, 1)];
    const refused = decideCodeTry(ten, now);
    if (refused.outcome !== 'refused') throw new Error('expected a refusal');
    expect(refused.error.reason).toBe(CLAIM_CODE_LIMITED);
    expect(refused.error.message).toBe('Too many wrong codes. Please try again tomorrow.');
    expect(refused.error.field).toBe('code');
  });

  it('counts a code while its expiry is inside the last 24 hours', () => {
    const spent = [expiring(day - 1, 5), expiring(2 * 60 * minutes, 5)];
    expect(decideCodeTry(spent, now).outcome).toBe('refused');
    const aged = [expiring(day, 5), expiring(day + 60 * minutes, 5), expiring(1, 5)];
    expect(decideCodeTry(aged, now).outcome).toBe('allowed');
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
