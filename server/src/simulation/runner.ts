import { createHash, randomUUID } from 'node:crypto';
import { centsToDollars } from '@bank/events';
import { GENERATORS } from './commands.ts';
import type { Plan } from './plan.ts';
import { checkLog, checkReadModels, type Violation } from './invariants.ts';
import { Prng } from '@bank/infra/testing';
import { startSimBank, type Reply } from './sim-bank.ts';
import { createWorld, type Customer, type World } from './world.ts';

/**
 * Command kinds that break an invariant on unfixed code and are left out of a run by default:
 * each entry is a known bug, named with what the simulation sees (none today).
 * SIM_KINDS_DISABLED (comma-separated, "none" for none) overrides the list.
 */
export const KNOWN_BROKEN_KINDS: Record<string, string> = {};

/**
 * The kinds a run leaves out: SIM_KINDS (comma-separated) runs only those; otherwise
 * SIM_KINDS_DISABLED, by default the known-broken ones.
 */
export function disabledKindsFromEnv(env = process.env): string[] {
  if (env.SIM_KINDS) {
    const only = new Set(env.SIM_KINDS.split(',').map((k) => k.trim()));
    return Object.keys(GENERATORS).filter((k) => !only.has(k));
  }
  const listed = env.SIM_KINDS_DISABLED;
  if (listed === undefined) return Object.keys(KNOWN_BROKEN_KINDS);
  return listed === 'none'
    ? []
    : listed
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean);
}

export interface SimulationOptions {
  seed: number;
  /** Money requests to send (retries and duplicates count). */
  operations: number;
  customers?: number;
  /** SIGKILLs of the bank process, spread over the run, each in the middle of a burst. */
  kills?: number;
  disabledKinds?: string[];
  /** Only these kinds of step (all by default). */
  steps?: StepKind[];
  /** Projections catch up and verify runs every this many steps (and at the end). */
  readModelCheckEvery?: number;
  log?: (line: string) => void;
}

export interface SimulationResult {
  seed: number;
  operations: number;
  steps: number;
  kills: number;
  acknowledged: number;
  refused: number;
  statuses: Record<string, number>;
  /** Acknowledged commands by kind. */
  byKind: Record<string, number>;
  /** Refusals by kind and message: each should be a business rule, not a malformed command. */
  refusals: Record<string, number>;
  /** The first step whose checks failed, what it sent, and what the checks found. */
  failedStep: number | undefined;
  failedStepDetail?: string;
  violations: Violation[];
}

/**
 * What one step sends: one command; the same request twice with its key; the same key and body
 * 2–4 times at once; a key reused for a different body; 5–20 commands at once from one customer;
 * (when a kill is due) a burst cut by a SIGKILL, whose requests are sent again until answered.
 */
export type StepKind = 'single' | 'retry' | 'duplicate' | 'conflict' | 'burst' | 'crash';
const STEP_WEIGHTS: [StepKind, number][] = [
  ['single', 40],
  ['retry', 15],
  ['duplicate', 10],
  ['conflict', 8],
  ['burst', 20],
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const bodyHash = (plan: Plan) =>
  createHash('sha256')
    .update(`${plan.url}\n${JSON.stringify(plan.body)}`)
    .digest('hex');

/** The reference (or id) an answer gives the operation it acknowledges. */
export function referenceOf(reply: Reply): string | undefined {
  const data = reply.body?.data ?? {};
  for (const field of ['transfer', 'transaction', 'payment', 'request']) {
    const o = data[field];
    if (o && typeof o === 'object') return String(o.reference_number ?? o.id);
  }
  if (Array.isArray(data.requests)) {
    return data.requests.map((r: any) => String(r.reference_number ?? r.id)).join(',');
  }
  const ref = data.reference_number ?? data.id;
  return ref === undefined ? undefined : String(ref);
}

const TOP_UP_EVERY = 10;
const TOP_UP_BELOW_CENTS = 3_000_00;
const TOP_UP_CENTS = 10_000_00;

/**
 * Funds a customer whose checking account runs low, with one teller deposit (no retry, no kill
 * around it), so a long run keeps moving money rather than refusing it. It carries a key of its
 * own: without one, a second top-up of the same account within 60 seconds is a duplicate.
 */
async function topUp(world: World) {
  for (const c of world.customers) {
    if ((world.model.available.get(c.checking.id) ?? 0) >= TOP_UP_BELOW_CENTS) continue;
    const reply = await world.bank.call(
      'POST',
      '/api/ops/deposits',
      world.bank.opsToken,
      {
        account_number: c.checking.number,
        amount: centsToDollars(TOP_UP_CENTS),
        description: 'Simulation top-up',
      },
      { 'idempotency-key': randomUUID() },
    );
    if (reply.status !== 201) throw new Error(`top-up failed: ${JSON.stringify(reply.body)}`);
    world.model.apply(
      [
        { type: 'available', accountId: c.checking.id, cents: TOP_UP_CENTS },
        { type: 'inflow', cents: TOP_UP_CENTS },
      ],
      new Date(),
    );
  }
}

/** Runs one seeded simulation against a fresh bank process and stops at the first broken step. */
export async function runSimulation(options: SimulationOptions): Promise<SimulationResult> {
  const log = options.log ?? (() => {});
  const rng = new Prng(options.seed);
  const disabled = new Set(options.disabledKinds ?? disabledKindsFromEnv());
  const kinds = Object.entries(GENERATORS).filter(([kind]) => !disabled.has(kind));
  const killsPlanned = options.kills ?? 0;
  const checkEvery = options.readModelCheckEvery ?? 25;
  const bank = await startSimBank();
  const result: SimulationResult = {
    seed: options.seed,
    operations: 0,
    steps: 0,
    kills: 0,
    acknowledged: 0,
    refused: 0,
    statuses: {},
    byKind: {},
    refusals: {},
    failedStep: undefined,
    violations: [],
  };
  /** Idempotency-Key → the first acknowledged answer to it. */
  const keyAnswers = new Map<string, { hash: string; reference: string | undefined }>();
  /** One-time things already used up by an acknowledged command (a request paid). */
  const usedUp = new Set<string>();
  const stepViolations: Violation[] = [];

  try {
    const world = await createWorld(bank, rng, options.seed, options.customers ?? 4);

    const planFor = (customer: Customer, kind?: string): Plan | undefined => {
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const [, g] = kind
          ? [kind, GENERATORS[kind]!]
          : rng.weighted(kinds.map((k) => [k, k[1].weight] as const));
        const plan = g.make(rng, world, customer);
        if (plan) return plan;
        kind = undefined;
      }
      return undefined;
    };

    /** Books one answer: effects of a first acknowledgement, checks of a repeated key. */
    const record = (plan: Plan, key: string | undefined, reply: Reply) => {
      result.operations += 1;
      result.statuses[reply.status] = (result.statuses[reply.status] ?? 0) + 1;
      const where = `${plan.kind} ${plan.url} key=${key ?? '-'}`;
      if (reply.status >= 500) {
        stepViolations.push({
          invariant: 'clear refusals',
          message: `${where} answered ${reply.status}: ${JSON.stringify(reply.body).slice(0, 300)}`,
        });
        return;
      }
      if (reply.status >= 300) {
        result.refused += 1;
        const why = `${plan.kind}: ${String(reply.body?.message).replace(/\d[\d.,]*/g, '#')}`;
        result.refusals[why] = (result.refusals[why] ?? 0) + 1;
        if (typeof reply.body?.message !== 'string') {
          stepViolations.push({
            invariant: 'clear refusals',
            message: `${where} refused (${reply.status}) without a message`,
          });
        }
        return;
      }
      const reference = referenceOf(reply);
      const hash = bodyHash(plan);
      const earlier = key === undefined ? undefined : keyAnswers.get(key);
      if (earlier) {
        if (earlier.hash !== hash) {
          stepViolations.push({
            invariant: 'exactly once',
            message: `${where}: a key already used for another request was accepted (${reply.status}, ${reference})`,
          });
        } else if (earlier.reference !== reference) {
          stepViolations.push({
            invariant: 'exactly once',
            message: `${where}: one key, two operations (${earlier.reference} and ${reference})`,
          });
        } else return; // The stored answer again: nothing new happened.
      }
      if (reference !== undefined && world.model.references.has(reference)) {
        stepViolations.push({
          invariant: 'exactly once',
          message: `${where}: reference ${reference} acknowledged twice`,
        });
        return;
      }
      if (plan.once !== undefined) {
        if (usedUp.has(plan.once)) {
          stepViolations.push({
            invariant: 'exactly once',
            message: `${where}: ${plan.once} was used up twice (${reference})`,
          });
          return;
        }
        usedUp.add(plan.once);
      }
      if (key !== undefined && !earlier) keyAnswers.set(key, { hash, reference });
      if (reference !== undefined) world.model.references.set(reference, plan.posts);
      result.acknowledged += 1;
      result.byKind[plan.kind] = (result.byKind[plan.kind] ?? 0) + 1;
      world.model.apply(plan.effects(reply), new Date());
      plan.acknowledged?.(reply);
    };

    /** Sends until an answer comes: a lost connection or a 503 (restarting) asks again. */
    const send = async (plan: Plan, key: string | undefined, untilAnswered: boolean) => {
      for (;;) {
        try {
          const reply = await bank.call('POST', plan.url, plan.token, plan.body, {
            ...(key ? { 'idempotency-key': key } : {}),
          });
          if (!(untilAnswered && reply.status === 503)) return reply;
        } catch (error) {
          if (!untilAnswered) throw error;
        }
        // A fixed pause: drawing from the generator here would make later commands depend on timing.
        await sleep(300);
      }
    };
    let sentThisStep: string[] = [];
    const sendAndRecord = async (plan: Plan, key: string | undefined, untilAnswered = false) => {
      sentThisStep.push(plan.kind);
      record(plan, key, await send(plan, key, untilAnswered));
    };

    const stepKinds = STEP_WEIGHTS.filter(([k]) => !options.steps || options.steps.includes(k));
    const nextKillAt = () =>
      Math.floor(((result.kills + 1) / (killsPlanned + 1)) * options.operations);

    while (result.operations < options.operations) {
      result.steps += 1;
      sentThisStep = [];
      const customer = rng.pick(world.customers);
      const step: StepKind =
        result.kills < killsPlanned && result.operations >= nextKillAt()
          ? 'crash'
          : rng.weighted(stepKinds);
      const plan = planFor(customer);
      if (!plan) continue;
      const key = step === 'single' && rng.chance(0.15) ? undefined : rng.key();
      switch (step) {
        case 'single':
          await sendAndRecord(plan, key);
          break;
        case 'retry':
          await sendAndRecord(plan, key);
          await sendAndRecord(plan, key);
          break;
        case 'duplicate':
          await Promise.all(Array.from({ length: rng.int(2, 4) }, () => sendAndRecord(plan, key)));
          break;
        case 'conflict': {
          await sendAndRecord(plan, key);
          const second = planFor(customer, plan.kind);
          if (second) await sendAndRecord(second, key);
          break;
        }
        case 'burst':
        case 'crash': {
          const plans = [plan];
          const size = rng.int(5, step === 'crash' ? 16 : 20);
          for (let tries = 0; plans.length < size && tries < size * 3; tries += 1) {
            const p = planFor(customer);
            if (p) plans.push(p);
          }
          const keys = plans.map(() => rng.key());
          const sent = Promise.all(
            plans.map((p, i) => sendAndRecord(p, keys[i], step === 'crash')),
          );
          if (step === 'crash') {
            await sleep(rng.int(0, 300));
            log(
              `seed ${options.seed} step ${result.steps}: SIGKILL with ${plans.length} in flight`,
            );
            await bank.crash();
            result.kills += 1;
          }
          await sent;
          break;
        }
      }
      if (result.steps % TOP_UP_EVERY === 0) await topUp(world);
      stepViolations.push(...(await checkLog(world)));
      if (stepViolations.length === 0 && result.steps % checkEvery === 0) {
        stepViolations.push(...(await checkReadModels(world)));
      }
      if (stepViolations.length > 0) {
        result.failedStep = result.steps;
        result.failedStepDetail = `${step}: ${sentThisStep.join(', ')}`;
        result.violations = [...stepViolations];
        log(
          `seed ${options.seed}: step ${result.steps} (${result.failedStepDetail}) broke invariants`,
        );
        return result;
      }
    }
    const final = await checkReadModels(world);
    if (final.length > 0) {
      result.failedStep = result.steps;
      result.violations = final;
    }
    return result;
  } catch (error) {
    result.failedStep = result.steps;
    result.violations.push({
      invariant: 'run completes',
      message: `${(error as Error).stack ?? String(error)}\n${bank.output().slice(-3000)}`,
    });
    return result;
  } finally {
    await bank.stop();
  }
}

/** A failure as the lines to print: the seed and step first, so the run can be replayed. */
export function describeFailure(result: SimulationResult): string {
  return [
    `Simulation failed: seed ${result.seed}, step ${result.failedStep} (replay with SIM_SEED=${result.seed})`,
    ...(result.failedStepDetail ? [`  step sent ${result.failedStepDetail}`] : []),
    ...result.violations.slice(0, 30).map((v) => `  [${v.invariant}] ${v.message}`),
  ].join('\n');
}
