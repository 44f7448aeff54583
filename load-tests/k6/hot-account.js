// Hot-account contention: many customers pay one merchant-like customer at the same time. Every
// payment credits the same account stream and counts against the same receive limit, so commands
// on those streams contend (the one-process bank lets each decide on the outcome of the one queued
// before it, so they share group commits); a payment that still loses after the retries gets 409
// "busy" (expected, counted), never a 5xx, and money is never lost or applied twice (the runner
// checks the recipient's balance against hot_credited_cents).
import http from 'k6/http';
import { check } from 'k6';
import { Counter, Rate } from 'k6/metrics';
import { TREND_STATS, seed, summary, zelle } from './lib.js';

const hotCredited = new Counter('hot_credited_cents');
const busy = new Rate('hot_busy');
const serverErrors = new Rate('hot_server_errors');
const RATE = Number(__ENV.RATE ?? 80);

http.setResponseCallback(http.expectedStatuses(201, 409));

export const options = {
  scenarios: {
    payers: {
      executor: 'constant-arrival-rate',
      rate: RATE,
      timeUnit: '1s',
      duration: __ENV.DURATION ?? '30s',
      preAllocatedVUs: Math.max(20, RATE),
      maxVUs: RATE * 4,
    },
  },
  summaryTrendStats: TREND_STATS,
  thresholds: {
    hot_server_errors: ['rate==0'],
    hot_busy: [`rate<${__ENV.MAX_BUSY ?? 0.05}`],
    'http_req_duration{action:hot}': [`p(95)<${__ENV.P95 ?? 500}`, `p(99)<${__ENV.P99 ?? 1000}`],
    checks: ['rate>0.99'],
  },
};

// The first seeded customer is the hot recipient; everyone else pays them.
const hot = seed.customers[0];
const payers = seed.customers.slice(1);

export default function () {
  const payer = payers[Math.floor(Math.random() * payers.length)];
  const cents = 1 + Math.floor(Math.random() * 99);
  const res = zelle(payer, hot, cents, 'hot', [409]);
  if (res.status === 201) hotCredited.add(cents);
  busy.add(res.status === 409);
  serverErrors.add(res.status >= 500 || res.status === 0);
  check(res, { 'paid or busy': (r) => r.status === 201 || r.status === 409 });
}

export const handleSummary = summary;
