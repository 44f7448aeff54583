import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { api, onSessionExpiry, onUnauthorized, setConsistencyToken } from './api-client';
import {
  clearSession,
  getExpiresAt,
  getStoredUser,
  getToken,
  saveSession,
  TOKEN_KEY,
  type User,
} from './session-storage';

// Sign-in state (spec §4 "Auth"): token and user in local storage, the current
// user fetched on start, any 401 clears both and leads to /login.

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

export type Session = { token: string; user: User; expires_at?: string | null };

type AuthContextValue = {
  status: AuthStatus;
  user: User | null;
  /** When the server ends the session (ms since epoch), if it told us. */
  expiresAt: number | null;
  signIn(session: Session): void;
  signOut(): Promise<void>;
  updateUser(user: User): void;
  refreshSession(): Promise<void>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

export const getCurrentUser = async (signal?: AbortSignal) =>
  (await api.get<{ user: User }>('/user', { signal, skipUnauthorizedHandler: true })).data.user;

export const logoutRequest = () => api.post<null>('/logout');

export const refreshSessionRequest = () =>
  api.post<{ expires_at?: string; token?: string }>('/session/refresh');

type Props = { children: ReactNode; onSignedOut?: () => void };

export function AuthProvider({ children, onSignedOut }: Props) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<AuthStatus>(() => (getToken() ? 'loading' : 'anonymous'));
  const [user, setUser] = useState<User | null>(() => (getToken() ? getStoredUser() : null));
  const [expiresAt, setExpiresAt] = useState<number | null>(() => getExpiresAt());
  const signedOutRef = useRef(onSignedOut);
  signedOutRef.current = onSignedOut;

  const dropSession = useCallback(() => {
    clearSession();
    setConsistencyToken(null);
    setUser(null);
    setExpiresAt(null);
    setStatus('anonymous');
    queryClient.clear();
  }, [queryClient]);

  // On start: with a stored token, ask the server who we are.
  useEffect(() => {
    if (!getToken()) return;
    const controller = new AbortController();
    getCurrentUser(controller.signal).then(
      (current) => {
        saveSession({ user: current });
        setUser(current);
        setStatus('authenticated');
      },
      (error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        dropSession();
      },
    );
    return () => controller.abort();
  }, [dropSession]);

  // Any 401 on any call: sign out locally and go to /login.
  useEffect(() => {
    onUnauthorized(() => {
      if (!getToken()) return;
      dropSession();
      signedOutRef.current?.();
    });
    return () => onUnauthorized(null);
  }, [dropSession]);

  // A server that slides the session on activity may announce the new expiry on any response.
  useEffect(() => {
    onSessionExpiry((value) => {
      const ms = Date.parse(value);
      if (Number.isNaN(ms) || !getToken()) return;
      saveSession({ expiresAt: value });
      setExpiresAt(ms);
    });
    return () => onSessionExpiry(null);
  }, []);

  // Signing out in another tab signs this one out too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_KEY && !event.newValue && status === 'authenticated') {
        dropSession();
        signedOutRef.current?.();
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [dropSession, status]);

  const signIn = useCallback((session: Session) => {
    saveSession({
      token: session.token,
      user: session.user,
      expiresAt: session.expires_at ?? null,
    });
    setUser(session.user);
    setExpiresAt(session.expires_at ? Date.parse(session.expires_at) : null);
    setStatus('authenticated');
  }, []);

  const signOut = useCallback(async () => {
    try {
      await logoutRequest();
    } catch {
      // Spec §4: logout always clears locally, even if the server call fails.
    }
    dropSession();
    signedOutRef.current?.();
  }, [dropSession]);

  const updateUser = useCallback((next: User) => {
    saveSession({ user: next });
    setUser(next);
  }, []);

  const refreshSession = useCallback(async () => {
    const { data } = await refreshSessionRequest();
    saveSession({ token: data?.token, expiresAt: data?.expires_at ?? null });
    if (data?.expires_at) setExpiresAt(Date.parse(data.expires_at));
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ status, user, expiresAt, signIn, signOut, updateUser, refreshSession }),
    [status, user, expiresAt, signIn, signOut, updateUser, refreshSession],
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
