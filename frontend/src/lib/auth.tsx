import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { SignedInSession } from '@bank/contracts';
import { api, ApiError, onUnauthorized, serverNow, setConsistencyToken } from './api-client';
import { loadContracts } from './contracts';
import { END_SESSION_WITHIN_MS, endServerSession } from './end-session';
import {
  clearSession,
  forgetReturnPath,
  getStoredUser,
  getToken,
  rememberReturnPath,
  rememberSignOut,
  saveSession,
  TOKEN_KEY,
  type SignOutReason,
  type User,
} from './session-storage';
import { toast } from './toast-store';

// Sign-in state: token and user in local storage, the current
// user fetched on start, any 401 clears both and leads to /login.
// Any other failure of that first check keeps the stored session.

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

export type Session = SignedInSession;

type AuthContextValue = {
  status: AuthStatus;
  user: User | null;
  /** How long the server keeps an idle session (from the expiry it gave at sign-in), if known. */
  sessionTtlMs: number | null;
  signIn(session: Session): void;
  /** Ends the session here and on the server; the sign-in page tells `reason` once. */
  signOut(reason?: SignOutReason): Promise<void>;
  updateUser(user: User): void;
  refreshSession(): Promise<void>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

/** The react-query key of GET /user; the start of a session fills it. */
export const CURRENT_USER_KEY = ['user'] as const;

/** GET /user, checked against the schema the server declares. */
export async function getCurrentUser(signal?: AbortSignal) {
  const [contracts, { data }] = await Promise.all([
    loadContracts(),
    api.get<unknown>('/user', { signal, skipUnauthorizedHandler: true }),
  ]);
  return contracts.currentUserData.parse(data);
}

/**
 * The idle lifetime implied by an expiry the server has just set (it slides on every request),
 * counted on the server's clock: the browser's may be minutes fast or slow.
 */
export function ttlFrom(expiresAt: string | null | undefined, now = serverNow()): number | null {
  const ms = expiresAt ? Date.parse(expiresAt) - now : NaN;
  return Number.isFinite(ms) && ms > 0 ? Math.round(ms / 1000) * 1000 : null;
}

/**
 * POST /logout of the session `token` (its answer has no data), sent to completion even if the page
 * closes meanwhile. Its 401 is an answer to it, not a session lost meanwhile.
 */
export async function logoutRequest(token: string, signal?: AbortSignal) {
  const [contracts, { data }] = await Promise.all([
    loadContracts(),
    api.post<unknown>('/logout', undefined, {
      signal,
      headers: { Authorization: `Bearer ${token}` },
      keepalive: true,
      skipUnauthorizedHandler: true,
    }),
  ]);
  return contracts.successWithoutData.shape.data.parse(data);
}

/** POST /session/refresh: the session's new idle expiry. */
export async function refreshSessionRequest() {
  const [contracts, { data }] = await Promise.all([
    loadContracts(),
    api.post<unknown>('/session/refresh'),
  ]);
  return contracts.sessionRefreshedData.parse(data);
}

type Props = { children: ReactNode; onSignedOut?: () => void };

/** The server ended the session: keep the page the customer was on for after the next sign-in. */
function rememberCurrentPage() {
  const { pathname, search, hash } = window.location;
  rememberReturnPath(`${pathname}${search}${hash}`);
}

export function AuthProvider({ children, onSignedOut }: Props) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<AuthStatus>(() => (getToken() ? 'loading' : 'anonymous'));
  const [user, setUser] = useState<User | null>(() => (getToken() ? getStoredUser() : null));
  const [sessionTtlMs, setSessionTtlMs] = useState<number | null>(null);
  const ttlRef = useRef(sessionTtlMs);
  ttlRef.current = sessionTtlMs;
  const signedOutRef = useRef(onSignedOut);
  signedOutRef.current = onSignedOut;
  // Set at once on signing out, so that the 401s of calls still under way sign out only once.
  const statusRef = useRef(status);
  statusRef.current = status;
  /** The sign-out under way: a second press joins it, and calls refused meanwhile wait for it. */
  const signingOut = useRef<Promise<void> | null>(null);

  const dropSession = useCallback(() => {
    statusRef.current = 'anonymous';
    clearSession();
    setConsistencyToken(null);
    setUser(null);
    setSessionTtlMs(null);
    setStatus('anonymous');
    queryClient.clear();
    // A toast of the session ("Payment of $12.50 sent. Jamie Rivera will receive it…") does not
    // stay on the signed-out page, for the next person at a shared computer.
    toast.clear();
  }, [queryClient]);

  // On start: with a stored token, ask the server who we are.
  useEffect(() => {
    if (!getToken()) return;
    const controller = new AbortController();
    getCurrentUser(controller.signal).then(
      (answer) => {
        const { user: current, session_expires_at } = answer;
        queryClient.setQueryData(CURRENT_USER_KEY, answer);
        saveSession({ user: current, expiresAt: session_expires_at });
        // The signed-in page is the largest render of a visit: in a transition React renders
        // it in slices, leaving the main thread free in between.
        startTransition(() => {
          setUser(current);
          setSessionTtlMs(ttlFrom(session_expires_at));
          setStatus('authenticated');
        });
      },
      (error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        if (error instanceof ApiError && error.status === 401) {
          rememberCurrentPage();
          dropSession();
          return;
        }
        // The bank could not answer (offline, restarting, catching up, an error of its own): the
        // stored session stands rather than signing the customer out, and the pages' own calls
        // say what failed. A 401 on any of them still ends the session.
        if (getStoredUser()) setStatus('authenticated');
        else dropSession();
      },
    );
    return () => controller.abort();
  }, [dropSession, queryClient]);

  // Any 401 on any call: sign out locally and go to /login. Also when the token was already gone
  // from storage (removed by hand, or by an extension): the call went without it, and the page
  // must not stay signed in showing "Please log in to continue." inline.
  useEffect(() => {
    onUnauthorized(() => {
      if (statusRef.current === 'anonymous' || signingOut.current) return;
      rememberCurrentPage();
      dropSession();
      signedOutRef.current?.();
    });
    return () => onUnauthorized(null);
  }, [dropSession]);

  // Signing out in another tab signs this one out too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_KEY && !event.newValue && status === 'authenticated') {
        rememberSignOut('elsewhere');
        dropSession();
        signedOutRef.current?.();
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [dropSession, status]);

  const signIn = useCallback(
    (session: Session) => {
      // The full user (not the short one answered right after registering) is what GET /user
      // answers: the first page after sign-in then shows what depends on it without a request.
      const { unverified_contacts } = session.user;
      if (unverified_contacts) {
        queryClient.setQueryData(CURRENT_USER_KEY, {
          user: { ...session.user, unverified_contacts },
          session_expires_at: session.expires_at,
        });
      }
      saveSession({
        token: session.token,
        user: session.user,
        expiresAt: session.expires_at,
      });
      setUser(session.user);
      setSessionTtlMs(ttlFrom(session.expires_at));
      setStatus('authenticated');
    },
    [queryClient],
  );

  const signOut = useCallback(
    (reason: SignOutReason = 'chosen') => {
      signingOut.current ??= (async () => {
        const token = getToken();
        const ttl = ttlRef.current;
        // The browser forgets the session at once: a tab closed, or another opened, while the
        // bank is asked to end it is signed out already.
        clearSession();
        toast.info('Signing out…');
        const ended =
          token === null ||
          (await endServerSession(
            (signal) => logoutRequest(token, signal),
            AbortSignal.timeout(END_SESSION_WITHIN_MS),
          ));
        forgetReturnPath();
        // When the server's session may live on, the sign-in page says so, with how long it
        // lasts unused; a session left idle that long has ended there already.
        if (ended || reason === 'idle') rememberSignOut(reason);
        else rememberSignOut('unconfirmed', ttl && Math.round(ttl / 60_000));
        dropSession();
        signedOutRef.current?.();
      })().finally(() => {
        signingOut.current = null;
      });
      return signingOut.current;
    },
    [dropSession],
  );

  const updateUser = useCallback((next: User) => {
    saveSession({ user: next });
    setUser(next);
  }, []);

  const refreshSession = useCallback(async () => {
    const { expires_at } = await refreshSessionRequest();
    saveSession({ expiresAt: expires_at });
    const ttl = ttlFrom(expires_at);
    if (ttl) setSessionTtlMs(ttl);
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ status, user, sessionTtlMs, signIn, signOut, updateUser, refreshSession }),
    [status, user, sessionTtlMs, signIn, signOut, updateUser, refreshSession],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>');
  return ctx;
}

/** The signed-in user; only call inside the signed-in area. */
export function useUser(): User {
  const { user } = useAuth();
  if (!user) throw new Error('useUser called without a signed-in user');
  return user;
}
