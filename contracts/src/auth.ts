import { z } from 'zod';
import { sessionUserView, userView } from './customer.ts';
import { successOf } from './envelope.ts';

/** A signed-in session: the customer, its bearer token and when it ends if left idle. */
export const sessionData = z.object({
  user: userView,
  token: z.string(),
  expires_at: z.string(),
});
export type SessionData = z.infer<typeof sessionData>;
/** The answer of POST /login/two-factor: the code was right, the session opens. */
export const sessionAnswer = successOf(sessionData);

/** What sign-in answers instead of a session while the authenticator code is owed. */
export const twoFactorChallengeData = z.object({
  user: z.null(),
  token: z.null(),
  two_factor_required: z.literal(true),
  challenge_token: z.string(),
  expires_at: z.string(),
});
export type TwoFactorChallengeData = z.infer<typeof twoFactorChallengeData>;

/** The answer of POST /login: a session, or the challenge when two-factor sign-in is on. */
export const signInData = z.union([sessionData, twoFactorChallengeData]);
export const signInAnswer = successOf(signInData);

/** The answer of POST /register when it opens the account (201). */
export const registeredData = z.object({
  user: sessionUserView,
  token: z.string(),
  expires_at: z.string(),
});
export const registeredAnswer = successOf(registeredData);
/** A session as the web app keeps it, from sign-in or from registering. */
export type SignedInSession = z.infer<typeof registeredData>;

/**
 * The answer of POST /register when the details belong to someone already (200): no account, and
 * what to do next, never which detail matched.
 */
export const registrationNotOpenedData = z.object({
  user: z.null(),
  token: z.null(),
  next_steps: z.array(z.enum(['sign_in', 'reset_password'])),
});
export const registrationNotOpenedAnswer = successOf(registrationNotOpenedData);

/** Either answer of POST /register: opened (with its session) or not. */
export const registrationData = z.union([registeredData, registrationNotOpenedData]);

/** The answer of POST /session/refresh: the session's new idle expiry. */
export const sessionRefreshedData = z.object({ expires_at: z.string() });
export const sessionRefreshedAnswer = successOf(sessionRefreshedData);

/** The answer of POST /step-up: when the session last proved it is the customer. */
export const steppedUpData = z.object({ stepped_up_at: z.string() });
export const steppedUpAnswer = successOf(steppedUpData);

/** One live sign-in session of the customer, as GET /sessions lists it (never its token). */
export const signedInSessionView = z.object({
  /** Names the session to sign it out (POST /sessions/{id}/sign-out); never its token. */
  id: z.string(),
  /** "Chrome on macOS"; null for a session opened before devices were recorded. */
  device: z.string().nullable(),
  signed_in_at: z.string(),
  /** When it was last used, to the minute; null for a session older than this record. */
  last_active_at: z.string().nullable(),
  /** Whether it is the session asking. */
  current: z.boolean(),
});
export type SignedInSessionView = z.infer<typeof signedInSessionView>;
/** The answer of GET /sessions: the asking session first, then the newest first. */
export const signedInSessionsData = z.object({ sessions: z.array(signedInSessionView) });
export const signedInSessionsAnswer = successOf(signedInSessionsData);

/** The answer of POST /sessions/sign-out-others: how many sessions it ended. */
export const signedOutOthersData = z.object({ signed_out: z.number().int().nonnegative() });
export const signedOutOthersAnswer = successOf(signedOutOthersData);
