/** A tiny JSON client over fetch for seeding and checking a running bank through its API. */
export interface BankEndpoint {
  baseUrl: string;
  opsToken: string;
  /** Where the bank's figures are scraped (each service's, when it runs as several); its own by default. */
  metricsUrls?: string[];
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly what: string,
  ) {
    super(`${what} answered ${status}: ${JSON.stringify(body).slice(0, 500)}`);
  }
}

/**
 * The one line that says what to do when the bank refused the load test with 429 (its rate limits,
 * which a load test's customers cross at once), else undefined.
 */
export function rateLimitHint(error: unknown): string | undefined {
  if (!(error instanceof HttpError) || error.status !== 429) return undefined;
  return `${error.what} answered 429 Too Many Requests: the bank's rate limits refuse the load test; start the bank with RATE_LIMITS=load (load tests only).`;
}

/** The API's answer envelope: { status, message, data }. */
export interface Envelope<D> {
  data: D;
}

export async function callApi<T = unknown>(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await fetch(new URL(path, baseUrl), {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: response.status, body: body as T, headers: response.headers };
}

/** Dollars as the API shows them (a number with at most 2 decimals) to integer cents. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Runs `work` over `items` with at most `concurrency` in flight, keeping the order of results. */
export async function mapConcurrent<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  });
  await Promise.all(lanes);
  return results;
}
