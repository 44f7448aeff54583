import type { ErrorCode } from '@bank/contracts/error-codes';
import { getToken } from './session-storage';

// One client for every call: base /api, JSON, bearer token, the server's
// {status, message, data} envelope, and read-your-writes through X-Consistency-Token.

export type FieldErrors = Record<string, string[]>;

/** A code the server names in its contract, or any other it may add later. */
export type ApiErrorCode = ErrorCode | (string & {});

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    readonly errors?: FieldErrors,
    readonly code?: ApiErrorCode,
    /** True when the message came from the server rather than a local default. */
    readonly serverMessage = false,
    /** The seconds the server asked to wait before trying again (its Retry-After), if it did. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }

  get isNetworkError() {
    return this.status === 0;
  }
}

/**
 * The customer closed "Confirm it's you" without confirming: a choice, not a failure. It keeps the
 * server's STEP_UP_REQUIRED code, so a page may offer to ask again.
 */
export class StepUpCancelled extends ApiError {}

/** Whether `error` is the customer's cancelling of "Confirm it's you": nothing to report. */
export const isStepUpCancelled = (error: unknown): error is StepUpCancelled =>
  error instanceof StepUpCancelled;

export type ApiResult<T> = { message: string; data: T };

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Login and similar calls answer 401 for bad credentials: do not treat that as a lost session. */
  skipUnauthorizedHandler?: boolean;
  /** Set on the retry after a step-up, so a refusal then is reported, not asked about again. */
  afterStepUp?: boolean;
  /** The call completes even if the page is closed meanwhile (fetch's keepalive). */
  keepalive?: boolean;
};

const CONSISTENCY_HEADER = 'X-Consistency-Token';
const CONSISTENCY_KEY = 'consistency_token';

let consistencyToken: string | null = readStoredConsistencyToken();
let unauthorizedHandler: (() => void) | null = null;
let stepUpHandler: (() => Promise<boolean>) | null = null;
// The server's clock minus the browser's, from the last answer's Date header: a computer's clock
// can be minutes off, and the session's expiry is the server's time.
let serverClockOffset = 0;

/** The server's time now, as its last answer told it (the browser's clock when none has). */
export const serverNow = () => Date.now() + serverClockOffset;

function readStoredConsistencyToken(): string | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(CONSISTENCY_KEY);
  } catch {
    return null;
  }
}

export function setConsistencyToken(token: string | null) {
  consistencyToken = token;
  try {
    if (token) sessionStorage.setItem(CONSISTENCY_KEY, token);
    else sessionStorage.removeItem(CONSISTENCY_KEY);
  } catch {
    /* private mode: keep it in memory only */
  }
}

/** Called on any 401 (the auth provider signs out and goes to /login). */
export function onUnauthorized(handler: (() => void) | null) {
  unauthorizedHandler = handler;
}

/**
 * Called when the server asks the customer to confirm it is them (403 STEP_UP_REQUIRED): resolves
 * true once they have, and the request is then sent again once.
 */
export function onStepUpRequired(handler: (() => Promise<boolean>) | null) {
  stepUpHandler = handler;
}

export function buildUrl(path: string, query?: RequestOptions['query']) {
  const qs = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    qs.set(key, String(value));
  }
  const search = qs.toString();
  return `/api${path.startsWith('/') ? path : `/${path}`}${search ? `?${search}` : ''}`;
}

type Envelope = {
  status?: string;
  message?: string;
  data?: unknown;
  errors?: FieldErrors;
  code?: string;
};

export async function request<T>(
  path: string,
  options: RequestOptions = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = getToken();
  if (token && !headers.Authorization) headers.Authorization = `Bearer ${token}`;
  if (consistencyToken) headers[CONSISTENCY_HEADER] = consistencyToken;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError('Unable to connect to the server.', 0);
  }

  // The header names a whole second, already begun: its middle is the best guess of the moment.
  const serverDate = Date.parse(response.headers.get('Date') ?? '');
  if (serverDate) serverClockOffset = serverDate + 500 - Date.now();
  const received = response.headers.get(CONSISTENCY_HEADER);
  if (received) setConsistencyToken(received);

  let body: Envelope = {};
  const text = await response.text();
  if (text) {
    try {
      body = JSON.parse(text) as Envelope;
    } catch {
      body = {};
    }
  }

  if (response.status === 401 && !options.skipUnauthorizedHandler) unauthorizedHandler?.();
  // A token from before the database was replaced is no use to this server: read without it.
  if (body.code === 'INVALID_CONSISTENCY_TOKEN') setConsistencyToken(null);

  if (
    response.status === 403 &&
    body.code === 'STEP_UP_REQUIRED' &&
    stepUpHandler &&
    !options.afterStepUp
  ) {
    if (await stepUpHandler()) return request<T>(path, { ...options, afterStepUp: true });
    throw new StepUpCancelled(
      body.message || response.statusText || 'Request failed',
      response.status,
      body.errors,
      body.code,
      Boolean(body.message),
    );
  }

  if (!response.ok || body.status === 'error') {
    const status = response.ok ? 400 : response.status;
    // Only the seconds form: the date form is not what this bank's servers send.
    const retryAfter = Number(response.headers.get('Retry-After') || NaN);
    throw new ApiError(
      body.message || response.statusText || 'Request failed',
      status,
      body.errors,
      body.code,
      Boolean(body.message),
      retryAfter >= 0 ? retryAfter : undefined,
    );
  }
  return { message: body.message ?? '', data: body.data as T };
}

/**
 * A file the API answers (a PDF, a CSV, a photo), sent with the session's token and the
 * consistency token as every request is: a plain link or an <img> cannot send them.
 */
export async function requestFile(path: string, failure: string): Promise<Blob> {
  return (await requestNamedFile(path, failure)).blob;
}

/**
 * A file the API answers, with the name its Content-Disposition gives it (null when it gives
 * none, or when a browser on another origin is not allowed to read that header).
 */
export async function requestNamedFile(
  path: string,
  failure: string,
): Promise<{ blob: Blob; filename: string | null }> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (consistencyToken) headers[CONSISTENCY_HEADER] = consistencyToken;
  let response: Response;
  try {
    response = await fetch(buildUrl(path), { headers });
  } catch {
    throw new ApiError('Unable to connect to the server.', 0);
  }
  if (!response.ok) throw new ApiError(failure, response.status);
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1]?.trim() || null;
  return { blob: await response.blob(), filename };
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body: body ?? {} }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'DELETE' }),
};

/** The first message of each field error, in order ("first message shown"). */
export function firstFieldErrors(
  errors: FieldErrors | undefined,
): { field: string; message: string }[] {
  if (!errors) return [];
  return Object.entries(errors)
    .map(([field, messages]) => ({ field, message: messages?.[0] ?? '' }))
    .filter((e) => e.message);
}
