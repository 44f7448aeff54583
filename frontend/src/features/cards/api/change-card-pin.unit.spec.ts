import { describe, expect, it } from 'vitest';
import { changePinSchema } from './change-card-pin';
import { cardLimitsSchema, limitsPayload } from './update-card-limits';

const errors = (values: Record<string, string>) => {
  const r = changePinSchema.safeParse(values);
  if (r.success) return {};
  const first: Record<string, string> = {};
  for (const i of r.error.issues) first[String(i.path[0])] ??= i.message;
  return first;
};

describe('PIN form rules', () => {
  it('needs a 4-digit new PIN and a matching confirmation', () => {
    expect(errors({ current_pin: '', new_pin: '', confirm_pin: '' })).toEqual({
      new_pin: 'Please enter a new PIN.',
      confirm_pin: 'Please confirm the new PIN.',
    });
    expect(errors({ current_pin: '', new_pin: '12a4', confirm_pin: '12a4' }).new_pin).toBe(
      'The PIN must be exactly 4 digits.',
    );
    expect(errors({ current_pin: '1111', new_pin: '2468', confirm_pin: '2469' }).confirm_pin).toBe(
      'New PINs do not match',
    );
    expect(errors({ current_pin: '1111', new_pin: '2468', confirm_pin: '2468' })).toEqual({});
  });

  it('judges a current PIN, when given, by the same rule as the new one', () => {
    const withCurrent = (current_pin: string, confirm_pin = '2468') =>
      errors({ current_pin, new_pin: '2468', confirm_pin });
    const format = 'The PIN must be exactly 4 digits.';
    expect(withCurrent('12', '2469')).toEqual({
      current_pin: format,
      confirm_pin: 'New PINs do not match',
    });
    expect(withCurrent('12a4')).toEqual({ current_pin: format });
    // A card without a PIN yet has none to give.
    expect(withCurrent('')).toEqual({});
  });

  it('refuses a new PIN a thief would try first, as the bank does', () => {
    const guessable =
      'Please choose a PIN that is harder to guess: not one digit four times or a run like 1234.';
    for (const pin of ['0000', '7777', '1234', '6789', '3210', '0123']) {
      expect(errors({ current_pin: '', new_pin: pin, confirm_pin: pin }).new_pin).toBe(guessable);
    }
    for (const pin of ['2468', '1357', '1243', '9870', '0001']) {
      expect(errors({ current_pin: '', new_pin: pin, confirm_pin: pin })).toEqual({});
    }
    // The card's current PIN is whatever it is.
    expect(errors({ current_pin: '1111', new_pin: '2468', confirm_pin: '2468' })).toEqual({});
  });

  it('limits every PIN input to 4 characters', () => {
    expect(
      errors({ current_pin: '12345', new_pin: '2468', confirm_pin: '2468' }).current_pin,
    ).toBeTruthy();
  });
});

describe('limit inputs', () => {
  it('fall back to the current value when empty', () => {
    const card = { limits: { daily_atm_limit: 500, daily_purchase_limit: 2500 } };
    expect(limitsPayload({ daily_atm_limit: '', daily_purchase_limit: '3000' }, card)).toEqual({
      daily_atm_limit: 500,
      daily_purchase_limit: 3000,
    });
    expect(
      cardLimitsSchema.safeParse({ daily_atm_limit: '6000', daily_purchase_limit: '' }).success,
    ).toBe(false);
  });
});
