// Smoke: a few customers do everything once or twice. Short, run by CI (load-tests/src/smoke.e2e.spec.ts).
// Its thresholds are about correctness (no failed request, every check true), not speed: CI
// machines are shared, and the latency thresholds belong to the mixed, hot and breakpoint runs.
import { check, sleep } from 'k6';
import {
  TREND_STATS,
  accounts,
  dashboard,
  login,
  notifications,
  pickCustomer,
  seed,
  summary,
  transferToSavings,
  zelle,
} from './lib.js';

export const options = {
  scenarios: {
    smoke: {
      executor: 'per-vu-iterations',
      vus: Math.min(4, seed.customers.length),
      iterations: Number(__ENV.ITERATIONS ?? 3),
      maxDuration: '60s',
    },
  },
  thresholds: {
    http_req_failed: ['rate==0'],
    checks: ['rate==1'],
  },
  summaryTrendStats: TREND_STATS,
};

export default function () {
  const me = pickCustomer(__VU - 1);
  const other = pickCustomer(__VU);
  if (__ITER === 0) login(me);
  dashboard(me);
  accounts(me);
  notifications(me);
  transferToSavings(me);
  if (me !== other) {
    const res = zelle(me, other, 100 + Math.floor(Math.random() * 900));
    check(res, { 'zelle 201': (r) => r.status === 201 });
  }
  sleep(0.2);
}

export const handleSummary = summary;
