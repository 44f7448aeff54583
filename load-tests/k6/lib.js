// Shared by the k6 scripts: the seeded customers, the bank's API calls, and the end-of-run summary.
// k6 runs this in its own JavaScript runtime (no Node APIs); the TypeScript runner in ../src seeds
// customers through the API, writes them to SEED_FILE, and reads SUMMARY_FILE afterwards.
import http from 'k6/http';
import { check } from 'k6';
import { Counter } from 'k6/metrics';

export const seed = JSON.parse(open(__ENV.SEED_FILE));
export const BASE = seed.baseUrl.replace(/\/$/, '');

export const TREND_STATS = ['avg', 'min', 'med', 'max', 'p(90)', 'p(95)', 'p(99)'];

export const movedToSavingsCents = new Counter('moved_to_savings_cents');
// With the two below, a transfer whose answer never came (a run aborted mid-flight) is allowed for:
// the money it might have moved lies between the successes and the attempts not refused.
export const savingsAttemptCents = new Counter('savings_attempt_cents');
export const savingsRefusedCents = new Counter('savings_refused_cents');
export const zelleSentCents = new Counter('zelle_sent_cents');
// Times a payment met 403 STEP_UP_REQUIRED (a first payment to someone never paid, from a session
// signed in more than 5 minutes ago) and the customer confirmed it was them.
export const stepUps = new Counter('step_ups');

let keyCounter = 0;
/** A fresh Idempotency-Key per logical request, as the web app sends one. */
export function idempotencyKey() {
  keyCounter += 1;
  return `k6-${__VU}-${keyCounter}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export function auth(token, extra = {}) {
  return {
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...extra },
  };
}

function withTag(params, action) {
  return { ...params, tags: { action } };
}

export function pickCustomer(index) {
  const list = seed.customers;
  return list[
    (index === undefined ? Math.floor(Math.random() * list.length) : index) % list.length
  ];
}

/** Between $5.00 (the minimum) and $25.00, in cents. */
export function transferCents() {
  return 500 + Math.floor(Math.random() * 2000);
}

export function login(customer) {
  const res = http.post(
    `${BASE}/api/login`,
    JSON.stringify({ account_number: customer.accountNumber, password: customer.password }),
    withTag({ headers: { 'Content-Type': 'application/json' } }, 'login'),
  );
  check(res, { 'login 200': (r) => r.status === 200 });
  return res;
}

export function dashboard(customer) {
  const res = http.get(`${BASE}/api/dashboard`, withTag(auth(customer.token), 'dashboard'));
  check(res, { 'dashboard 200': (r) => r.status === 200 });
  return res;
}

export function accounts(customer) {
  const res = http.get(`${BASE}/api/accounts`, withTag(auth(customer.token), 'accounts'));
  check(res, { 'accounts 200': (r) => r.status === 200 });
  return res;
}

export function notifications(customer) {
  const res = http.get(`${BASE}/api/notifications`, withTag(auth(customer.token), 'notifications'));
  check(res, { 'notifications 200': (r) => r.status === 200 });
  return res;
}

/** Checking → savings of the same customer; counts the cents that really moved. */
export function transferToSavings(customer, cents = transferCents()) {
  savingsAttemptCents.add(cents);
  const res = http.post(
    `${BASE}/api/transfers/between-accounts`,
    JSON.stringify({
      fromAccount: customer.checking.id,
      toAccount: customer.savings.id,
      amount: cents / 100,
      memo: 'k6',
    }),
    withTag(auth(customer.token, { 'Idempotency-Key': idempotencyKey() }), 'transfer'),
  );
  if (res.status === 201) movedToSavingsCents.add(cents);
  else if (res.status !== 0) savingsRefusedCents.add(cents);
  check(res, { 'transfer 201': (r) => r.status === 201 });
  return res;
}

function isStepUpRequired(res) {
  return res.status === 403 && /"code"\s*:\s*"STEP_UP_REQUIRED"/.test(String(res.body ?? ''));
}

/**
 * Sends a money request as the web app does: a first payment to someone the customer never paid
 * needs a session that proved it is the customer within the last 5 minutes, so on 403
 * STEP_UP_REQUIRED it confirms with the password (POST /api/step-up) and sends the same request,
 * under the same Idempotency-Key (a refused request stores nothing under it), once more. The first
 * attempt's 403 is expected, not a failed request; any other 403 still fails the caller's check.
 * `expected`: further statuses the script counts as answers on the first attempt (the
 * hot-account run's 409; the retry goes by the script's own response callback).
 */
export function sendWithStepUp(customer, send, expected = []) {
  const first = send({
    responseCallback: http.expectedStatuses({ min: 200, max: 399 }, 403, ...expected),
  });
  if (!isStepUpRequired(first)) return first;
  const stepped = http.post(
    `${BASE}/api/step-up`,
    JSON.stringify({ password: customer.password }),
    withTag(auth(customer.token), 'step-up'),
  );
  check(stepped, { 'step-up 200': (r) => r.status === 200 });
  if (stepped.status !== 200) return first;
  stepUps.add(1);
  return send({});
}

/** A Zelle payment to another enrolled customer of the bank (credited at once). */
export function zelle(from, to, cents, tag = 'zelle', expected = []) {
  const body = JSON.stringify({
    bank_account_id: from.checking.id,
    recipient_name: to.name,
    recipient_email: to.email,
    amount: cents / 100,
    memo: 'k6',
  });
  const params = withTag(auth(from.token, { 'Idempotency-Key': idempotencyKey() }), tag);
  const res = sendWithStepUp(
    from,
    (extra) => http.post(`${BASE}/api/zelle/send`, body, { ...params, ...extra }),
    expected,
  );
  if (res.status === 201) zelleSentCents.add(cents);
  return res;
}

function fmt(value) {
  return typeof value === 'number'
    ? Number.isInteger(value)
      ? `${value}`
      : value.toFixed(2)
    : `${value}`;
}

/**
 * A metric's values as a threshold line shows them. A rate counts what was true ("passes" in k6's
 * terms, which for http_req_failed are the failed requests): shown as how many of how many.
 */
function shownValues(name, metric) {
  const values = metric.values;
  if (metric.type === 'rate') {
    const what = name.startsWith('http_req_failed')
      ? ' requests failed'
      : name.startsWith('checks')
        ? ' checks passed'
        : '';
    return `rate=${fmt(values.rate)}: ${values.passes} of ${values.passes + values.fails}${what}`;
  }
  return Object.entries(values)
    .map(([k, v]) => `${k}=${fmt(v)}`)
    .join(' ');
}

/**
 * Writes the full summary as JSON to SUMMARY_FILE (for the runner) and prints a compact one: the
 * thresholds with ok/FAIL, then a table of request latencies (ms) per action.
 */
export function summary(data) {
  const lines = [];
  for (const [name, metric] of Object.entries(data.metrics)) {
    for (const [expression, result] of Object.entries(metric.thresholds ?? {})) {
      const shown = shownValues(name, metric);
      lines.push(`${result.ok ? 'ok  ' : 'FAIL'} ${name} ${expression}   (${shown})`);
    }
  }
  // Latency per action (ms) as a table: one row per tagged request and one for all of them.
  const header = ['request', 'p50', 'p95', 'p99', 'max'];
  const rows = Object.entries(data.metrics)
    .filter(([name]) => name === 'http_req_duration' || name.startsWith('http_req_duration{'))
    .map(([name, metric]) => {
      const v = metric.values;
      const label = name === 'http_req_duration' ? 'all requests' : name.slice(18, -1);
      return [label, fmt(v.med), fmt(v['p(95)']), fmt(v['p(99)']), fmt(v.max)];
    });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  lines.push('', `  ${line(header)}`, `  ${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of rows) lines.push(`  ${line(row)}`);
  const reqs = data.metrics.http_reqs?.values;
  if (reqs) lines.push('', `  http_reqs ${reqs.count} (${fmt(reqs.rate)}/s)`);
  // Confirmations asked for by a first payment to someone never paid (see sendWithStepUp).
  lines.push(`  step_ups ${data.metrics.step_ups?.values.count ?? 0}`);
  const out = { stdout: `\n${lines.join('\n')}\n` };
  if (__ENV.SUMMARY_FILE) out[__ENV.SUMMARY_FILE] = JSON.stringify(data);
  return out;
}
