import { describe, expect, it } from 'vitest';
import { decideAccess } from './guards';

describe('route guards', () => {
  it('shows a spinner for every kind of route while the sign-in state loads', () => {
    for (const access of ['signed-out-only', 'open', 'online-banking', 'signed-in'] as const) {
      expect(decideAccess(access, 'loading')).toEqual({ type: 'wait' });
    }
  });

  it('sends a signed-in visitor from the marketing pages, login and register to the dashboard', () => {
    expect(decideAccess('signed-out-only', 'authenticated')).toEqual({
      type: 'redirect',
      to: '/dashboard',
    });
    expect(decideAccess('signed-out-only', 'anonymous')).toEqual({ type: 'render' });
  });

  it('opens /services, /loans and /insurance-info to everyone once loaded', () => {
    expect(decideAccess('open', 'authenticated')).toEqual({ type: 'render' });
    expect(decideAccess('open', 'anonymous')).toEqual({ type: 'render' });
  });

  it('sends /online-banking to the dashboard when signed in and to /login otherwise', () => {
    expect(decideAccess('online-banking', 'authenticated')).toEqual({
      type: 'redirect',
      to: '/dashboard',
    });
    expect(decideAccess('online-banking', 'anonymous')).toEqual({ type: 'redirect', to: '/login' });
  });

  it('keeps signed-out visitors out of the banking area', () => {
    expect(decideAccess('signed-in', 'anonymous')).toEqual({ type: 'redirect', to: '/login' });
    expect(decideAccess('signed-in', 'authenticated')).toEqual({ type: 'render' });
  });
});
