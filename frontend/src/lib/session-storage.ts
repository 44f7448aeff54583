import type { SessionUserView } from '@bank/contracts';
import { localStore, tabStore } from './browser-storage';

// The signed-in session as kept in the browser (keys auth_token and user).
export const TOKEN_KEY = 'auth_token';
export const USER_KEY = 'user';
export const EXPIRES_KEY = 'session_expires_at';

/** The signed-in customer as the bank last answered it (right after registering, a part of it). */
export type User = SessionUserView;

const storage = localStore;

export function getToken(): string | null {
  return storage()?.getItem(TOKEN_KEY) ?? null;
}

export function getStoredUser(): User | null {
  const raw = storage()?.getItem(USER_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as User;
  } catch {
    return null;
  }
}

/**
 * Keeps the session for the next page load. A store the browser refuses (full, or storage turned
 * off) must not fail the sign-in it follows: this page goes on with the session it holds.
 */
export function saveSession(session: { token?: string; user?: User; expiresAt?: string | null }) {
  const s = storage();
  if (!s) return;
  const keep = (key: string, value: string) => {
    try {
      s.setItem(key, value);
    } catch {
      // QuotaExceededError or a storage the browser blocks.
    }
  };
  if (session.token) keep(TOKEN_KEY, session.token);
  if (session.user) keep(USER_KEY, JSON.stringify(session.user));
  if (session.expiresAt) keep(EXPIRES_KEY, session.expiresAt);
}

export function clearSession() {
  const s = storage();
  s?.removeItem(TOKEN_KEY);
  s?.removeItem(USER_KEY);
  s?.removeItem(EXPIRES_KEY);
  forgetDrafts();
}

/**
 * Forms this tab keeps so that a reload shows what was typed (the transfer wizard's fields) are
 * kept under keys that begin with this. They belong to the session: signing out, however it
 * comes, forgets them, so the next person at a shared computer never sees them.
 */
export const DRAFT_PREFIX = 'draft:';

function forgetDrafts() {
  const s = tabStore();
  // The keys are read first: removing while walking the store would skip some.
  for (const key of s ? Object.keys(s) : []) if (key.startsWith(DRAFT_PREFIX)) s?.removeItem(key);
}

// Where a customer was when the server ended the session, so signing in again returns there.
const RETURN_KEY = 'return_after_sign_in';

const tabStorage = tabStore;

/** Only a path inside the signed-in app is kept (never another site, never the sign-in pages). */
function isReturnPath(path: string): boolean {
  return /^\/(?!\/)/.test(path) && !/^\/(login|register)\b/.test(path) && path !== '/';
}

export function rememberReturnPath(path: string) {
  if (isReturnPath(path)) tabStorage()?.setItem(RETURN_KEY, path);
}

/** The page to go back to after signing in, if the last session was ended by the server. */
export function peekReturnPath(): string | null {
  const path = tabStorage()?.getItem(RETURN_KEY) ?? null;
  return path && isReturnPath(path) ? path : null;
}

export function forgetReturnPath() {
  tabStorage()?.removeItem(RETURN_KEY);
}

/**
 * Why this tab's app last signed out, for the sign-in page to say once: the customer chose to,
 * the session timed out while idle, or another window signed out; or it signed out here but the
 * bank could not be reached to end the session (unconfirmed), which then lives on until it has
 * gone unused for its idle minutes: that warning is kept until the next sign-in or its Dismiss.
 * (A session the server ended is told by the return path above.)
 */
const SIGN_OUT_REASONS = ['chosen', 'idle', 'elsewhere', 'unconfirmed'] as const;
export type SignOutReason = (typeof SIGN_OUT_REASONS)[number];
const SIGNED_OUT_KEY = 'signed_out_reason';
const IDLE_MINUTES_KEY = 'signed_out_idle_minutes';

export function rememberSignOut(reason: SignOutReason, idleMinutes?: number | null) {
  const s = tabStorage();
  s?.setItem(SIGNED_OUT_KEY, reason);
  if (idleMinutes) s?.setItem(IDLE_MINUTES_KEY, String(idleMinutes));
  else s?.removeItem(IDLE_MINUTES_KEY);
}

export function peekSignOut(): SignOutReason | null {
  const reason = tabStorage()?.getItem(SIGNED_OUT_KEY) ?? null;
  return SIGN_OUT_REASONS.find((known) => known === reason) ?? null;
}

/** The idle minutes remembered with the last sign-out, if any. */
export const peekIdleMinutes = () => Number(tabStorage()?.getItem(IDLE_MINUTES_KEY)) || null;

export function forgetSignOut() {
  tabStorage()?.removeItem(SIGNED_OUT_KEY);
  tabStorage()?.removeItem(IDLE_MINUTES_KEY);
}
