// Breakpoint: the arrival rate climbs steadily until latency or errors cross the line, then the
// run aborts. The rate reached at the abort is the bank's capacity on this machine (the runner
// prints it from the run's duration).
import {
  TREND_STATS,
  accounts,
  dashboard,
  pickCustomer,
  summary,
  transferToSavings,
} from './lib.js';

const START = Number(__ENV.START_RATE ?? 20);
const MAX = Number(__ENV.MAX_RATE ?? 2000);

export const options = {
  scenarios: {
    breakpoint: {
      executor: 'ramping-arrival-rate',
      startRate: START,
      timeUnit: '1s',
      preAllocatedVUs: 100,
      maxVUs: Number(__ENV.MAX_VUS ?? 600),
      stages: [{ target: MAX, duration: __ENV.DURATION ?? '120s' }],
    },
  },
  summaryTrendStats: TREND_STATS,
  thresholds: {
    http_req_failed: [{ threshold: 'rate<0.05', abortOnFail: true, delayAbortEval: '5s' }],
    http_req_duration: [
      { threshold: `p(99)<${__ENV.P99 ?? 1000}`, abortOnFail: true, delayAbortEval: '5s' },
    ],
  },
};

export default function () {
  const me = pickCustomer();
  const r = Math.random();
  if (r < 0.5) transferToSavings(me);
  else if (r < 0.8) dashboard(me);
  else accounts(me);
}

export const handleSummary = summary;
