import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseSamples, type Sample } from '@bank/infra';
import { callApi, type BankEndpoint } from './http.ts';

/** BANK_METRICS_URLS: comma-separated metrics URLs, or none (the bank's own, through BANK_URL). */
export function metricsUrlsFromEnv(value: string | undefined): string[] | undefined {
  const urls = (value ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  return urls.length > 0 ? urls : undefined;
}

/**
 * One scrape of the bank's metrics: GET /api/ops/metrics by default, or every URL of
 * `metricsUrls` (each service of a bank in scale mode: behind the edge that path reaches only the
 * query-api), their samples together so the window's sums add up across the services. The ops
 * token goes with each request. A URL that does not answer 200 adds nothing.
 */
export async function scrapeBank(endpoint: BankEndpoint): Promise<Sample[]> {
  const urls = endpoint.metricsUrls ?? [new URL('/api/ops/metrics', endpoint.baseUrl).href];
  const scrapes = await Promise.all(
    urls.map(async (url) => {
      const response = await callApi<string>(url, 'GET', url, { token: endpoint.opsToken });
      return response.status === 200 ? parseSamples(String(response.body)) : [];
    }),
  );
  return scrapes.flat();
}

const sum = (samples: Sample[], name: string, where: (s: Sample) => boolean = () => true) =>
  samples.filter((s) => s.name === name && where(s)).reduce((n, s) => n + s.value, 0);
const max = (samples: Sample[], name: string) =>
  Math.max(0, ...samples.filter((s) => s.name === name).map((s) => s.value));

/** What the bank itself saw between two scrapes, as rows of a table. */
export function bankWindow(before: Sample[], after: Sample[]): [string, string][] {
  const delta = (name: string, where?: (s: Sample) => boolean) =>
    sum(after, name, where) - sum(before, name, where);
  const requests = delta('bank_http_request_duration_seconds_count');
  const errors = delta('bank_http_request_duration_seconds_count', (s) =>
    /^5/.test(s.labels.status ?? ''),
  );
  const batches = delta('bank_event_store_group_commit_batch_size_count');
  const commits = delta('bank_event_store_commit_duration_seconds_count');
  const ratio = (a: number, b: number, digits = 1) => (b > 0 ? (a / b).toFixed(digits) : '-');
  return [
    ['requests answered', String(requests)],
    ['5xx answers', String(errors)],
    [
      'mean server time (ms)',
      ratio(delta('bank_http_request_duration_seconds_sum') * 1000, requests),
    ],
    [
      'appends committed',
      String(delta('bank_event_store_appends_total', (s) => s.labels.outcome === 'committed')),
    ],
    ['concurrency conflicts', String(delta('bank_concurrency_conflicts_total'))],
    [
      'mean group-commit batch',
      ratio(delta('bank_event_store_group_commit_batch_size_sum'), batches),
    ],
    [
      'mean commit latency (ms)',
      ratio(delta('bank_event_store_commit_duration_seconds_sum') * 1000, commits),
    ],
    ['projection lag at end (ms, worst)', String(max(after, 'bank_projection_lag_milliseconds'))],
    ['parked events at end', String(sum(after, 'bank_projection_parked_events'))],
    ['job failures', String(delta('bank_queue_job_failures_total'))],
    [
      'pg pool waiting at end',
      String(sum(after, 'bank_pg_pool_clients', (s) => s.labels.state === 'waiting')),
    ],
  ];
}

export function formatTable(rows: [string, string][]): string {
  const width = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`).join('\n');
}

/** Grafana's bank dashboard over the run's window (docker compose serves it on :3001). */
export function grafanaLink(startedAt: Date, endedAt: Date): string {
  const base = process.env.GRAFANA_URL ?? 'http://localhost:3001';
  return `${base}/d/bank-overview?from=${startedAt.getTime()}&to=${endedAt.getTime() + 15_000}`;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** Adds the bank's own numbers for the run's window to k6's HTML report, under k6's graphs. */
export function appendBankSection(
  reportFile: string,
  rows: [string, string][],
  link: string,
): void {
  if (!existsSync(reportFile)) return;
  const section =
    '<section style="font-family:sans-serif;margin:2em auto;max-width:60em">' +
    '<h2>The bank during this run (its own /metrics)</h2><table>' +
    rows.map(([k, v]) => `<tr><td>${escapeHtml(k)}</td><td>${escapeHtml(v)}</td></tr>`).join('') +
    `</table><p>Over time: <a href="${escapeHtml(link)}">Grafana, same window</a></p></section>`;
  const html = readFileSync(reportFile, 'utf8');
  const at = html.lastIndexOf('</body>');
  writeFileSync(reportFile, at < 0 ? html + section : html.slice(0, at) + section + html.slice(at));
}
