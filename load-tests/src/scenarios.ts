import { checkLedger, readLedger, type Expectations, type LedgerReport } from './ledger-check.ts';
import { appendBankSection, bankWindow, grafanaLink, scrapeBank } from './bank-metrics.ts';
import { counter, runK6, type K6Result } from './k6.ts';
import { seedCustomers, type Seed } from './seed.ts';
import type { BankEndpoint } from './http.ts';

export type ScenarioName = 'smoke' | 'mixed' | 'hot' | 'breakpoint';

interface Scenario {
  script: string;
  customers: number;
  depositDollars: number;
  /** A breakpoint run is meant to cross its thresholds (that is when it stops). */
  thresholdsMayFail?: boolean;
  expectations(result: K6Result, seed: Seed): Expectations;
}

/** Savings must hold what the successful transfers moved, plus at most the unanswered ones. */
function savingsExpectation(result: K6Result): Expectations {
  return {
    movedToSavingsCents: {
      min: counter(result, 'moved_to_savings_cents'),
      max: counter(result, 'savings_attempt_cents') - counter(result, 'savings_refused_cents'),
    },
  };
}

const intEnv = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

export const SCENARIOS: Record<ScenarioName, Scenario> = {
  smoke: {
    script: 'smoke.js',
    customers: intEnv('CUSTOMERS', 4),
    depositDollars: 10_000,
    expectations: savingsExpectation,
  },
  mixed: {
    script: 'mixed.js',
    customers: intEnv('CUSTOMERS', 200),
    depositDollars: 10_000,
    expectations: savingsExpectation,
  },
  hot: {
    script: 'hot-account.js',
    customers: intEnv('CUSTOMERS', 60),
    depositDollars: 2_000,
    expectations: (result, seed) => ({
      hotRecipient: {
        customer: seed.customers[0]!,
        creditedCents: counter(result, 'hot_credited_cents'),
      },
    }),
  },
  breakpoint: {
    script: 'breakpoint.js',
    customers: intEnv('CUSTOMERS', 300),
    depositDollars: 50_000,
    thresholdsMayFail: true,
    expectations: savingsExpectation,
  },
};

export interface ScenarioOutcome {
  k6: K6Result;
  ledger: LedgerReport;
  /** Thresholds held (or, for the breakpoint, k6 ran and stopped cleanly) and the ledger holds. */
  passed: boolean;
  notes: string[];
  /** What the bank's own metrics saw during the k6 run (a table's rows). */
  bank: [string, string][];
}

/** Seeds through the API, runs the k6 script, then holds the books to what was deposited. */
export async function runScenario(
  name: ScenarioName,
  endpoint: BankEndpoint,
  k6: string,
  options: {
    env?: Record<string, string>;
    log?: (line: string) => void;
    k6Log?: (chunk: string) => void;
    /** Runs once the customers are seeded and signed in, before k6 starts (tests set the scene). */
    beforeK6?: (seed: Seed) => Promise<void>;
  } = {},
): Promise<ScenarioOutcome> {
  const log = options.log ?? console.log;
  const scenario = SCENARIOS[name];
  const before = await readLedger(endpoint);
  const seed = await seedCustomers(endpoint, {
    customers: scenario.customers,
    depositDollars: scenario.depositDollars,
    log,
  });
  await options.beforeK6?.(seed);
  const metricsBefore = await scrapeBank(endpoint);
  const result = await runK6(k6, scenario.script, seed, options.env, options.k6Log);
  const bank = bankWindow(metricsBefore, await scrapeBank(endpoint));
  appendBankSection(result.reportFile, bank, grafanaLink(result.startedAt, result.endedAt));
  const ledger = await checkLedger(endpoint, seed, before, scenario.expectations(result, seed));
  const notes: string[] = [];
  if (name === 'breakpoint') {
    const start = Number(options.env?.START_RATE ?? process.env.START_RATE ?? 20);
    const max = Number(options.env?.MAX_RATE ?? process.env.MAX_RATE ?? 2000);
    const planned = parseDuration(options.env?.DURATION ?? process.env.DURATION ?? '120s');
    const reached = start + (max - start) * Math.min(1, result.durationMs / planned);
    notes.push(
      result.failedThresholds.length > 0
        ? `broke at about ${Math.round(reached)} arrivals/s after ${(result.durationMs / 1000).toFixed(0)} s (${result.failedThresholds.join('; ')})`
        : `did not break up to ${max} arrivals/s`,
    );
  }
  const k6Ok = scenario.thresholdsMayFail
    ? result.exitCode === 0 || result.exitCode === 99
    : result.thresholdsPassed;
  return { k6: result, ledger, passed: k6Ok && ledger.ok, notes, bank };
}

function parseDuration(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)$/.exec(text.trim());
  if (!match) return 120_000;
  const unit = { ms: 1, s: 1000, m: 60_000 }[match[2] as 'ms' | 's' | 'm'];
  return Number(match[1]) * unit;
}
