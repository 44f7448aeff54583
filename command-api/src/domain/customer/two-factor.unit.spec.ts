import { describe, expect, it } from 'vitest';
import { DomainError } from '../../kernel/aggregate.ts';
import { customerAggregate, decideCustomer, type CustomerState } from './customer.ts';
import { describeDevice, totpCode, totpStep } from './totp.ts';

// RFC 6238 appendix B: the SHA-1 seed "12345678901234567890", in base32.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

const registered = (): CustomerState => ({
  ...customerAggregate.initial(),
  registered: true,
  customerId: '00000000-0000-4000-8000-000000000001',
  accountNumber: '123456789012',
});

const fold = (state: CustomerState, events: ReturnType<typeof decideCustomer>) =>
  events.reduce((s, e) => customerAggregate.evolve(s, e as never), state);

describe('TOTP codes', () => {
  it('match the RFC 6238 test vectors (last six digits)', () => {
    expect(totpCode(RFC_SECRET, 59_000)).toBe('287082');
    expect(totpCode(RFC_SECRET, 1_111_111_109_000)).toBe('081804');
    expect(totpCode(RFC_SECRET, 1_234_567_890_000)).toBe('005924');
  });

  it('accept a code of this step or the next or last, naming its step; nothing older', () => {
    const now = 1_700_000_000_000;
    const step = Math.floor(now / 30_000);
    expect(totpStep(RFC_SECRET, totpCode(RFC_SECRET, now), now)).toBe(step);
    expect(totpStep(RFC_SECRET, totpCode(RFC_SECRET, now + 30_000), now)).toBe(step + 1);
    expect(totpStep(RFC_SECRET, totpCode(RFC_SECRET, now - 30_000), now)).toBe(step - 1);
    expect(totpStep(RFC_SECRET, totpCode(RFC_SECRET, now - 90_000), now)).toBeNull();
    expect(totpStep(RFC_SECRET, '12345', now)).toBeNull();
    expect(totpStep(RFC_SECRET, 'abcdef', now)).toBeNull();
  });
});

describe('two-factor decisions', () => {
  it('switches on once, spends each recovery code once, and switches off only with the password', () => {
    let state = fold(
      registered(),
      decideCustomer(
        { type: 'EnableTwoFactor', secretSealed: 'v1:sealed', recoveryCodeHashes: ['a', 'b'] },
        registered(),
      ),
    );
    expect(state.twoFactor?.recoveryCodeHashes).toEqual(['a', 'b']);
    expect(() =>
      decideCustomer(
        { type: 'EnableTwoFactor', secretSealed: 'v1:other', recoveryCodeHashes: [] },
        state,
      ),
    ).toThrow(DomainError);

    state = fold(state, decideCustomer({ type: 'UseRecoveryCode', codeHash: 'a' }, state));
    expect(state.twoFactor?.recoveryCodeHashes).toEqual(['b']);
    expect(() => decideCustomer({ type: 'UseRecoveryCode', codeHash: 'a' }, state)).toThrow(
      /not correct/,
    );
    expect(() => decideCustomer({ type: 'UseRecoveryCode', codeHash: 'z' }, state)).toThrow(
      DomainError,
    );

    expect(() => decideCustomer({ type: 'DisableTwoFactor', passwordValid: false }, state)).toThrow(
      'The password is incorrect.',
    );
    state = fold(state, decideCustomer({ type: 'DisableTwoFactor', passwordValid: true }, state));
    expect(state.twoFactor).toBeNull();
    expect(() => decideCustomer({ type: 'UseRecoveryCode', codeHash: 'b' }, state)).toThrow(
      DomainError,
    );
    expect(() => decideCustomer({ type: 'DisableTwoFactor', passwordValid: true }, state)).toThrow(
      'Two-factor sign-in is not on.',
    );
  });
});

describe('describeDevice', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      'Chrome on Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox on Linux'],
    [undefined, 'an unknown browser on an unknown system'],
  ])('names %s as %s', (ua, expected) => {
    expect(describeDevice(ua)).toBe(expected);
  });
});
