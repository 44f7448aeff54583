import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, buildUrl, onUnauthorized, setConsistencyToken } from './api-client';
import { TOKEN_KEY } from './session-storage';

function respond(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

describe('API client', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    setConsistencyToken(null);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    onUnauthorized(null);
  });

  it('adds the bearer token when one is stored and reads the data envelope', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok-1');
    fetchMock.mockResolvedValueOnce(
      respond(200, { status: 'success', message: 'OK', data: { n: 1 } }),
    );
    const result = await api.get<{ n: number }>('/accounts');
    expect(result).toEqual({ message: 'OK', data: { n: 1 } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/accounts');
    expect((init!.headers as Record<string, string>).Authorization).toBe('Bearer tok-1');
  });

  it('sends back the latest X-Consistency-Token from a command on the next reads', async () => {
    fetchMock.mockResolvedValueOnce(
      respond(200, { status: 'success', data: null }, { 'X-Consistency-Token': 'pos-42' }),
    );
    fetchMock.mockResolvedValueOnce(respond(200, { status: 'success', data: {} }));
    await api.post('/notifications/1/read');
    await api.get('/notifications/summary');
    const [, init] = fetchMock.mock.calls[1]!;
    expect((init!.headers as Record<string, string>)['X-Consistency-Token']).toBe('pos-42');
  });

  it('turns an error envelope into an ApiError with status, field errors and code', async () => {
    fetchMock.mockResolvedValueOnce(
      respond(422, {
        status: 'error',
        message: 'Invalid',
        errors: { amount: ['Too much'] },
        code: 'INSUFFICIENT_FUNDS',
      }),
    );
    const error = await api.post('/transfers', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      message: 'Invalid',
      errors: { amount: ['Too much'] },
      code: 'INSUFFICIENT_FUNDS',
    });
  });

  it('calls the sign-out handler on a 401, except for calls that expect one', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok-1');
    const handler = vi.fn();
    onUnauthorized(handler);
    fetchMock.mockImplementation(async () =>
      respond(401, { status: 'error', message: 'Please log in to continue.' }),
    );
    await api.post('/login', {}, { skipUnauthorizedHandler: true }).catch(() => undefined);
    expect(handler).not.toHaveBeenCalled();
    await api.get('/dashboard').catch(() => undefined);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('reports a network failure as status 0', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.get('/user')).rejects.toMatchObject({ status: 0, isNetworkError: true });
  });

  it("keeps a refusal's Retry-After seconds, when it gives them", async () => {
    fetchMock.mockResolvedValueOnce(
      respond(429, { status: 'error', message: 'Too many' }, { 'Retry-After': '7' }),
    );
    await expect(api.post('/logout')).rejects.toMatchObject({ status: 429, retryAfter: 7 });
    fetchMock.mockResolvedValueOnce(respond(503, { status: 'error', message: 'Busy' }));
    await expect(api.post('/logout')).rejects.toMatchObject({ retryAfter: undefined });
  });

  it('leaves empty query values out of the URL', () => {
    expect(buildUrl('/notifications', { per_page: 50, unread_only: undefined, type: '' })).toBe(
      '/api/notifications?per_page=50',
    );
  });
});
