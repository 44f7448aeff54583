import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/render-with-providers';
import { LOOKUP_DEBOUNCE_MS, useRecipientLookup } from './use-recipient-lookup';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function serve() {
  return mockApi({
    'POST /api/transfers/validate-recipient': () => ({
      valid: false,
      message: 'Recipient not found',
      recipientName: null,
      recipientId: null,
    }),
  });
}

const lookups = (api: ReturnType<typeof serve>) =>
  api.calls.filter((c) => c.path === '/api/transfers/validate-recipient');

describe('recipient lookup', () => {
  it('does not look up an entry that is neither an email nor a phone number', async () => {
    vi.useFakeTimers();
    const api = serve();
    const { result } = renderHook(() => useRecipientLookup('not-an-email', true));
    await act(() => vi.advanceTimersByTimeAsync(LOOKUP_DEBOUNCE_MS * 2));
    expect(await result.current.lookupNow('not-an-email')).toBeNull();
    expect(lookups(api)).toEqual([]);
    expect(result.current.result).toBeNull();
  });

  it('looks up an email or a phone number once typing pauses', async () => {
    vi.useFakeTimers();
    const api = serve();
    const { rerender } = renderHook(({ contact }) => useRecipientLookup(contact, true), {
      initialProps: { contact: 'nobody@example.com' },
    });
    await act(() => vi.advanceTimersByTimeAsync(LOOKUP_DEBOUNCE_MS + 50));
    rerender({ contact: '(555) 000-1111' });
    await act(() => vi.advanceTimersByTimeAsync(LOOKUP_DEBOUNCE_MS + 50));
    expect(lookups(api).map((c) => c.body)).toEqual([
      { recipient: 'nobody@example.com' },
      { recipient: '(555) 000-1111' },
    ]);
  });
});
