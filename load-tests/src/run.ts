// npm run load:<smoke|mixed|hot|breakpoint>: starts a bank (or uses BANK_URL + OPS_TOKEN), seeds
// customers and funds through the API, runs the k6 script, and checks the ledger afterwards.
import { formatTable, grafanaLink, metricsUrlsFromEnv } from './bank-metrics.ts';
import { rateLimitHint } from './http.ts';
import { ensureK6 } from './k6.ts';
import { startLocalBank, type LocalBank } from './local-bank.ts';
import { SCENARIOS, runScenario, type ScenarioName } from './scenarios.ts';

const name = process.argv[2] as ScenarioName;
if (!(name in SCENARIOS)) {
  console.error(`usage: tsx load-tests/src/run.ts <${Object.keys(SCENARIOS).join('|')}>`);
  process.exit(2);
}

const k6 = ensureK6();
let local: LocalBank | undefined;
let endpoint;
if (process.env.BANK_URL) {
  if (!process.env.OPS_TOKEN) throw new Error('BANK_URL needs OPS_TOKEN (the bank’s ops token)');
  const metricsUrls = metricsUrlsFromEnv(process.env.BANK_METRICS_URLS);
  endpoint = {
    baseUrl: process.env.BANK_URL,
    opsToken: process.env.OPS_TOKEN,
    ...(metricsUrls ? { metricsUrls } : {}),
  };
  console.log(`Against the running bank at ${endpoint.baseUrl}`);
  if (metricsUrls) console.log(`Its figures from ${metricsUrls.join(', ')}`);
} else {
  local = await startLocalBank();
  endpoint = local.endpoint;
  console.log(`Started a bank at ${endpoint.baseUrl} (embedded PostgreSQL, temporary data)`);
}

/** Prints what the run found; whether it passed. */
function report(outcome: Awaited<ReturnType<typeof runScenario>>): boolean {
  console.log(`\nThe bank during the run (its own metrics):\n${formatTable(outcome.bank)}`);
  console.log(`\nHTML report: ${outcome.k6.reportFile}`);
  console.log(`Grafana, same window: ${grafanaLink(outcome.k6.startedAt, outcome.k6.endedAt)}`);
  console.log(`\nLedger check after ${name}:`);
  for (const line of outcome.ledger.lines) console.log(`  ${line}`);
  for (const note of outcome.notes) console.log(`\n${note}`);
  if (outcome.k6.failedThresholds.length > 0) {
    console.log(`\nk6 thresholds crossed: ${outcome.k6.failedThresholds.join('; ')}`);
  }
  console.log(`\n${name}: ${outcome.passed ? 'PASSED' : 'FAILED'}`);
  return outcome.passed;
}

let passed = false;
try {
  // A bank that refuses the seeding for a setting of its own gets that said in one line.
  const outcome = await runScenario(name, endpoint, k6).catch((error: unknown) => {
    const hint = rateLimitHint(error);
    if (!hint) throw error;
    console.error(hint);
    return undefined;
  });
  if (outcome) passed = report(outcome);
} finally {
  await local?.stop();
}
process.exit(passed ? 0 : 1);
