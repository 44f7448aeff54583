import { startDemoBankProcess } from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  audit,
  launchAuditBrowser,
  medianScores,
  type FormFactor,
  type Scores,
} from './support/lighthouse';

// Lighthouse over the home page, /login and the signed-in dashboard, as a phone and as a desktop,
// against the bank this test starts. Performance is scored under Lighthouse's simulated
// throttling; when the first run misses a threshold, two more are made and the median counts,
// so one run slowed by the machine's other work does not fail the build, and a page that is
// really slow still does.

const THRESHOLDS = {
  accessibility: 95,
  bestPractices: 95,
  performance: { desktop: 95, mobile: 90 },
  cls: 0.1,
};

/**
 * Below this benchmark index (Lighthouse's measure of the CPU it runs on) the machine is too
 * busy to stand for Lighthouse's reference devices: a 2-core runner shared with other heavy jobs
 * measured 150–270 and showed 7–8 s of main-thread blocking for one page load with no CPU
 * throttling at all. There the performance score measures the neighbours, not the page: it is
 * reported but not judged. Accessibility, best practices and layout shift always are.
 */
const MIN_BENCHMARK_INDEX = 500;

/**
 * A performance score below its target fails the run, as every other threshold does (the README
 * has the figures measured). LIGHTHOUSE_JUDGE_PERFORMANCE=0 only reports it, for a machine known
 * to be too busy whose benchmark index does not show it.
 */
const JUDGE_PERFORMANCE = process.env.LIGHTHOUSE_JUDGE_PERFORMANCE !== '0';

const PAGES = [
  { name: 'home', path: '/', signedIn: false },
  { name: 'login', path: '/login', signedIn: false },
  { name: 'dashboard', path: '/dashboard', signedIn: true },
] as const;

const FORM_FACTORS: FormFactor[] = ['mobile', 'desktop'];

// The bank runs in a process of its own, as in production: in this test's process, Lighthouse's
// trace handling delayed the bank's answers, and the page was scored 4-6 points lower for it.
let bank: Awaited<ReturnType<typeof startDemoBankProcess>>['bank'];
let baseUrl: string;
let browser: Awaited<ReturnType<typeof launchAuditBrowser>>;
const measured: string[] = [];

function misses(scores: Scores, formFactor: FormFactor): string[] {
  const problems: string[] = [];
  if (scores.accessibility < THRESHOLDS.accessibility)
    problems.push(`accessibility ${scores.accessibility}`);
  if (scores.bestPractices < THRESHOLDS.bestPractices)
    problems.push(`best practices ${scores.bestPractices}`);
  if (
    JUDGE_PERFORMANCE &&
    scores.benchmarkIndex >= MIN_BENCHMARK_INDEX &&
    scores.performance < THRESHOLDS.performance[formFactor]
  )
    problems.push(`performance ${scores.performance}`);
  if (!(scores.cls < THRESHOLDS.cls)) problems.push(`CLS ${scores.cls.toFixed(3)}`);
  return problems;
}

let session: { token: string; user: string };

/**
 * Signs the audit browser in as the demo customer, or out. Lighthouse clears caches between
 * runs, not local storage, where the web app keeps its session: audited signed in, the home page
 * and /login would send the visitor on to the dashboard, and measure that instead.
 */
async function setSignedIn(signedIn: boolean) {
  const page = await browser.context.newPage();
  try {
    await page.goto(`${baseUrl}/favicon.svg`);
    await page.evaluate(
      ([on, token, user]) => {
        if (on) {
          localStorage.setItem('auth_token', token);
          localStorage.setItem('user', user);
        } else localStorage.clear();
      },
      [signedIn, session.token, session.user] as const,
    );
  } finally {
    await page.close();
  }
}

beforeAll(async () => {
  // The dashboard of the demo customer npm start seeds: funded accounts and months of history.
  const started = await startDemoBankProcess();
  bank = started.bank;
  baseUrl = bank.url;
  browser = await launchAuditBrowser();
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      account_number: started.demo.accountNumber,
      password: started.demo.password,
    }),
  });
  const body = (await login.json()) as { data: { token: string; user: unknown } };
  if (login.status !== 200) throw new Error(`demo sign-in failed: ${JSON.stringify(body)}`);
  session = { token: body.data.token, user: JSON.stringify(body.data.user) };
});

afterAll(async () => {
  if (measured.length) console.log(`Lighthouse scores (median):\n${measured.join('\n')}`);
  await browser?.close();
  await bank?.stop();
});

describe('Lighthouse', () => {
  for (const formFactor of FORM_FACTORS) {
    for (const target of PAGES) {
      it(`${target.name} (${formFactor}) meets the thresholds`, { timeout: 300_000 }, async () => {
        const url = `${baseUrl}${target.path}`;
        await setSignedIn(target.signedIn);
        const first = await audit(browser, url, formFactor);
        // The page audited is the page asked for, not one it sent the visitor on to.
        expect(new URL(first.finalUrl).pathname).toBe(target.path);
        const runs = [first.scores];
        if (misses(first.scores, formFactor).length > 0) {
          runs.push((await audit(browser, url, formFactor)).scores);
          runs.push((await audit(browser, url, formFactor)).scores);
        }
        const median = medianScores(runs);
        if (median.benchmarkIndex < MIN_BENCHMARK_INDEX)
          console.warn(
            `${target.path} ${formFactor}: performance ${median.performance} not judged, the machine ` +
              `is too busy to measure it (benchmark index ${median.benchmarkIndex} < ${MIN_BENCHMARK_INDEX})`,
          );
        measured.push(
          `${target.name} ${formFactor}: performance ${median.performance}, accessibility ${median.accessibility}, ` +
            `best practices ${median.bestPractices}, CLS ${median.cls.toFixed(3)}, LCP ${median.lcpMs} ms, ` +
            `TBT ${median.tbtMs} ms (runs ${runs.length}, CPU ${median.cpuSlowdown}x, benchmark ${median.benchmarkIndex})`,
        );
        expect(
          misses(median, formFactor),
          `${target.path} ${formFactor}: ${JSON.stringify(runs)}; failing audits: ${first.failedAudits.join(', ')}`,
        ).toEqual([]);
      });
    }
  }
});
