import type { AuthStatus } from '@/lib/auth';

// The access rules of the routes, as a pure function of the route's kind and the sign-in state.

export type RouteAccess =
  /** /, /about, /personal-banking, /business-banking, /contact, /login, /register */
  | 'signed-out-only'
  /** /insurance-info, /services, /loans and the other open pages */
  | 'open'
  /** /online-banking and its aliases */
  | 'online-banking'
  /** the signed-in area */
  | 'signed-in';

export type AccessDecision =
  { type: 'wait' } | { type: 'render' } | { type: 'redirect'; to: string };

export function decideAccess(access: RouteAccess, status: AuthStatus): AccessDecision {
  if (status === 'loading') return { type: 'wait' };
  const signedIn = status === 'authenticated';
  switch (access) {
    case 'signed-out-only':
      return signedIn ? { type: 'redirect', to: '/dashboard' } : { type: 'render' };
    case 'open':
      return { type: 'render' };
    case 'online-banking':
      return { type: 'redirect', to: signedIn ? '/dashboard' : '/login' };
    case 'signed-in':
      return signedIn ? { type: 'render' } : { type: 'redirect', to: '/login' };
    default: {
      const never: never = access;
      throw new Error(`Unknown route access ${String(never)}`);
    }
  }
}

export const ONLINE_BANKING_ALIASES = [
  '/online-banking',
  '/online-bank',
  '/onlinebanking',
  '/internet-banking',
  '/web-banking',
];
