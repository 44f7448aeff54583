import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearSession,
  DRAFT_PREFIX,
  getStoredUser,
  getToken,
  saveSession,
  type User,
} from './session-storage';

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

const user = { id: 'u1', name: 'Dana Whitfield', email: 'dana@example.com' } as User;

describe('saveSession', () => {
  it('keeps the token, user and expiry for the next page load', () => {
    saveSession({ token: 'token-1', user, expiresAt: '2026-12-01T00:00:00.000Z' });
    expect(getToken()).toBe('token-1');
    expect(getStoredUser()).toEqual(user);
  });

  it('does not throw when the browser refuses to store (storage full), and keeps what fits', () => {
    const setItem = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (
      this: Storage,
      key: string,
      value: string,
    ) {
      if (key === 'user')
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      setItem.call(this, key, value);
    });
    expect(() => saveSession({ token: 'token-2', user })).not.toThrow();
    expect(getToken()).toBe('token-2');
  });
});

describe('clearSession', () => {
  it("forgets the forms this tab kept, and nothing else of the tab's", () => {
    window.sessionStorage.setItem(`${DRAFT_PREFIX}transfer`, '{"amount":"25.00"}');
    window.sessionStorage.setItem(`${DRAFT_PREFIX}other`, '{}');
    window.sessionStorage.setItem('return_after_sign_in', '/transfer');
    saveSession({ token: 'token-3', user });
    clearSession();
    expect(getToken()).toBeNull();
    expect(window.sessionStorage.getItem(`${DRAFT_PREFIX}transfer`)).toBeNull();
    expect(window.sessionStorage.getItem(`${DRAFT_PREFIX}other`)).toBeNull();
    expect(window.sessionStorage.getItem('return_after_sign_in')).toBe('/transfer');
  });
});
