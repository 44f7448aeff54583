import { StartRefused } from './start-refused.ts';

export interface RateLimits {
  auth: { max: number; timeWindow: number };
  money: { max: number; timeWindow: number };
  /** Profile photo uploads: each is a body of up to 7 MB to read, decode and hash. */
  upload: { max: number; timeWindow: number };
  /**
   * Per signed-in customer: every other state-changing request (a support ticket, a goal, an
   * alert...). Each appends to the permanent log, so one session must not flood it.
   */
  writes: { max: number; timeWindow: number };
  /**
   * Per client address: the public contact page's forms. Each request is an event kept for good,
   * of up to 5,000 characters: at the sign-in limit one address could add 40,000 a day.
   */
  contact: { max: number; timeWindow: number };
  /**
   * Per signed-in customer: new support tickets. Each lands in the staff's queue; the writes limit
   * alone let one customer fill it with a hundred in two seconds.
   */
  tickets: { max: number; timeWindow: number };
}

/**
 * Per client address and minute: sign-in and registration, each money request, photo uploads;
 * per customer and minute, their other writes; per client address and hour, contact forms; per
 * customer and hour, new support tickets.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  auth: { max: 30, timeWindow: 60_000 },
  money: { max: 120, timeWindow: 60_000 },
  upload: { max: 10, timeWindow: 60_000 },
  writes: { max: 120, timeWindow: 60_000 },
  contact: { max: 20, timeWindow: 3_600_000 },
  tickets: { max: 10, timeWindow: 3_600_000 },
};

/**
 * For a load-test environment only: all of k6's traffic reaches the services from one address
 * (the edge's, or the runner's), and seeding alone registers hundreds of customers.
 */
export const LOAD_TEST_RATE_LIMITS: RateLimits = {
  auth: { max: 1_000_000, timeWindow: 60_000 },
  money: { max: 1_000_000, timeWindow: 60_000 },
  upload: { max: 1_000_000, timeWindow: 60_000 },
  writes: { max: 1_000_000, timeWindow: 60_000 },
  contact: { max: 1_000_000, timeWindow: 60_000 },
  tickets: { max: 1_000_000, timeWindow: 60_000 },
};

export const RATE_LIMIT_SETTINGS = ['default', 'load'] as const;
export type RateLimitSetting = (typeof RATE_LIMIT_SETTINGS)[number];

/** RATE_LIMITS: unset or `default` for the limits above, `load` to lift them; nothing else. */
export function rateLimitSetting(value: string | undefined): {
  setting: RateLimitSetting;
  limits: RateLimits;
} {
  const setting = (value ?? '').trim().toLowerCase() || 'default';
  if (setting === 'default') return { setting, limits: DEFAULT_RATE_LIMITS };
  if (setting === 'load') return { setting, limits: LOAD_TEST_RATE_LIMITS };
  const reason = `must be one of ${RATE_LIMIT_SETTINGS.join(', ')} (unset means default); got "${value}"`;
  throw new StartRefused(`RATE_LIMITS ${reason}.`, { setting: 'RATE_LIMITS', reason });
}
