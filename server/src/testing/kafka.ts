import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createKafka } from '@bank/infra';
import { freePort } from '@bank/infra/testing';

const script = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../infra/kafka/kafka.sh',
);

export interface KafkaBroker {
  brokers: string[];
  /** Starts it again on the same ports and log directory (after stop or kill). */
  start(): Promise<void>;
  /** A clean shutdown. */
  stop(): Promise<void>;
  /** SIGKILL: a crash. */
  kill(): Promise<void>;
  /** Stops it and deletes its log directory. */
  destroy(): Promise<void>;
}

/** Downloads the Kafka jars from Maven Central unless cached (see infra/kafka/kafka.sh). */
export function fetchKafka(): void {
  const result = spawnSync('bash', [script, 'fetch'], { encoding: 'utf8', stdio: 'pipe' });
  if (result.status !== 0) throw new Error(`kafka.sh fetch failed:\n${result.stderr}`);
}

async function waitUntilServing(brokers: string[], child: ChildProcess, output: () => string) {
  const kafka = createKafka(brokers, 'test-readiness');
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Kafka exited:\n${output()}`);
    const admin = kafka.admin();
    try {
      await admin.connect();
      await admin.describeCluster();
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`Kafka did not start:\n${output()}`);
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      await admin.disconnect().catch(() => {});
    }
  }
}

/**
 * A real single-node Apache Kafka (KRaft) broker on random 127.0.0.1 ports, in a child process:
 * the test can stop, kill and restart it. About 5 s to start once the jars are cached.
 */
export async function startKafkaBroker(
  options: { partitions?: number } = {},
): Promise<KafkaBroker> {
  fetchKafka();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bank-kafka-'));
  const port = await freePort();
  const controllerPort = await freePort();
  const brokers = [`127.0.0.1:${port}`];
  let child: ChildProcess | undefined;
  let output = '';

  const exited = (proc: ChildProcess) =>
    proc.exitCode !== null || proc.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => proc.once('exit', () => resolve()));

  async function start() {
    output = '';
    const proc = spawn('bash', [script, 'run', dir, String(port), String(controllerPort)], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, KAFKA_PARTITIONS: String(options.partitions ?? 6) },
    });
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    proc.stdout!.on('data', keep);
    proc.stderr!.on('data', keep);
    child = proc;
    await waitUntilServing(brokers, proc, () => output);
  }

  async function signal(name: NodeJS.Signals, graceMs: number) {
    const proc = child;
    if (!proc) return;
    child = undefined;
    proc.kill(name);
    const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
    await exited(proc);
    clearTimeout(timer);
  }

  await start();
  return {
    brokers,
    start,
    stop: () => signal('SIGTERM', 20_000),
    kill: () => signal('SIGKILL', 5_000),
    async destroy() {
      await signal('SIGTERM', 10_000);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
