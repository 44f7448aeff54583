// Mixed customer load at a rising, then steady arrival rate (open model: arrivals do not wait for
// answers). One iteration is one customer action, drawn with the weights of a real session mix.
import { check } from 'k6';
import {
  TREND_STATS,
  accounts,
  dashboard,
  login,
  notifications,
  pickCustomer,
  summary,
  transferToSavings,
  zelle,
} from './lib.js';

const RATE = Number(__ENV.RATE ?? 60);
const HOLD = __ENV.HOLD ?? '60s';

export const options = {
  scenarios: {
    customers: {
      executor: 'ramping-arrival-rate',
      startRate: Math.max(1, Math.floor(RATE / 10)),
      timeUnit: '1s',
      preAllocatedVUs: Math.max(20, RATE),
      maxVUs: Math.max(100, RATE * 4),
      stages: [
        { target: RATE, duration: __ENV.RAMP ?? '20s' },
        { target: RATE, duration: HOLD },
        { target: 0, duration: '5s' },
      ],
    },
  },
  summaryTrendStats: TREND_STATS,
  thresholds: {
    http_req_failed: ['rate<0.01'],
    checks: ['rate>0.99'],
    http_req_duration: [`p(95)<${__ENV.P95 ?? 250}`, `p(99)<${__ENV.P99 ?? 500}`],
    'http_req_duration{action:transfer}': [`p(99)<${__ENV.P99 ?? 500}`],
    'http_req_duration{action:zelle}': [`p(99)<${__ENV.P99 ?? 500}`],
    'http_req_duration{action:dashboard}': [`p(95)<${__ENV.P95 ?? 250}`],
    'http_req_duration{action:accounts}': [`p(95)<${__ENV.P95 ?? 250}`],
    'http_req_duration{action:notifications}': [`p(95)<${__ENV.P95 ?? 250}`],
    // Sign-in hashes the password with argon2id on purpose: slow by design, held to its own bound.
    'http_req_duration{action:login}': ['p(95)<1500'],
    dropped_iterations: [`count<${Math.ceil(RATE * 2)}`],
  },
};

const ACTIONS = [
  ['dashboard', 30],
  ['accounts', 15],
  ['notifications', 15],
  ['transfer', 25],
  ['zelle', 12],
  ['login', 3],
];
const TOTAL = ACTIONS.reduce((sum, [, w]) => sum + w, 0);

function draw() {
  let r = Math.random() * TOTAL;
  for (const [name, weight] of ACTIONS) {
    r -= weight;
    if (r < 0) return name;
  }
  return 'dashboard';
}

export default function () {
  const me = pickCustomer();
  switch (draw()) {
    case 'dashboard':
      return dashboard(me);
    case 'accounts':
      return accounts(me);
    case 'notifications':
      return notifications(me);
    case 'transfer':
      return transferToSavings(me);
    case 'zelle': {
      let other = pickCustomer();
      if (other === me) other = pickCustomer();
      if (other === me) return undefined;
      const res = zelle(me, other, 100 + Math.floor(Math.random() * 900));
      check(res, { 'zelle 201': (r) => r.status === 201 });
      return res;
    }
    default:
      return login(me);
  }
}

export const handleSummary = summary;
