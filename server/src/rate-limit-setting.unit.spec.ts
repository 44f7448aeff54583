import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RATE_LIMITS,
  LOAD_TEST_RATE_LIMITS,
  rateLimitSetting,
} from './rate-limit-setting.ts';
import { StartRefused } from './start-refused.ts';

describe('RATE_LIMITS', () => {
  it('keeps the default limits unless it says load', () => {
    expect(rateLimitSetting(undefined)).toEqual({
      setting: 'default',
      limits: DEFAULT_RATE_LIMITS,
    });
    expect(rateLimitSetting('').setting).toBe('default');
    expect(rateLimitSetting('default').limits).toBe(DEFAULT_RATE_LIMITS);
  });

  it('load raises the sign-in, registration and money limits far above a load run', () => {
    const { setting, limits } = rateLimitSetting(' Load ');
    expect(setting).toBe('load');
    expect(limits).toBe(LOAD_TEST_RATE_LIMITS);
    expect(limits.auth.max).toBeGreaterThan(100 * DEFAULT_RATE_LIMITS.auth.max);
    expect(limits.money.max).toBeGreaterThan(100 * DEFAULT_RATE_LIMITS.money.max);
    expect(limits.upload.max).toBeGreaterThan(100 * DEFAULT_RATE_LIMITS.upload.max);
    expect(limits.writes.max).toBeGreaterThan(100 * DEFAULT_RATE_LIMITS.writes.max);
    expect(limits.contact.max).toBeGreaterThan(100 * DEFAULT_RATE_LIMITS.contact.max);
    expect(limits.tickets.max).toBeGreaterThan(100 * DEFAULT_RATE_LIMITS.tickets.max);
  });

  it('refuses any other value', () => {
    for (const value of ['off', 'loadtest', 'none', '0']) {
      expect(() => rateLimitSetting(value), value).toThrow(StartRefused);
    }
    expect(() => rateLimitSetting('off')).toThrow(/RATE_LIMITS must be one of default, load/);
  });
});
