import path from 'node:path';
import {
  BANK_ROUTING_NUMBER,
  coreProcessors,
  coreRepeatingJobs,
  createCommandBus,
  createJobSystem,
  failedJobsOf,
  welcomeScheduler,
  type CommandContext,
  type JobProcessor,
  type JobScheduler,
  type JobSystem,
} from '@bank/command-api';
import {
  createKafka,
  createKafkaRelay,
  createLogger,
  createPool,
  lineLogger,
  createSessionStore,
  integerSetting,
  loadConfig,
  destinationHasher,
  loadBankKeys,
  loadSecretsKey,
  parseSecretsKey,
  checkStartSettings,
  onSkippedEvent,
  PortInUseError,
  startEmbeddedPostgres,
  startLocalRedis,
  startTracing,
  tracingConfigured,
  type BankApp,
  type BankConfig,
  type BankLogger,
  type EventStore,
  type KafkaRelay,
  type Pool,
  sessionTimeoutFromEnv,
  WrongMasterKeyError,
} from '@bank/infra';
import {
  allProjectionNames,
  allProjections,
  createKafkaProjectionWorker,
  createProjectionRunner,
  type ProjectionRunner,
} from '@bank/projections';
import { Redis } from 'ioredis';
import { createBankStore } from './bank-store.ts';
import { digestJobModule } from './digest-job.ts';
import { buildHttpServer, type HttpServerOptions } from './http-server.ts';
import { prepareDatabase } from './migrations.ts';
import { refuseLogRunnerOverKafkaProgress } from './projected-from-kafka.ts';
import { watchDatabase } from './database-watch.ts';
import { watchRedis, type RedisWatch } from './redis-watch.ts';
import { rateLimitSetting } from './rate-limit-setting.ts';
import { createThreadedProjectionRunner, logParked } from './projections-thread/threaded-runner.ts';
import { refuseLogAheadOfServer } from './restore-guard.ts';
import {
  refuseEvictingRedis,
  refuseUnreachableBrokers,
  refuseUnreachableDatabase,
} from './start-checks.ts';
import { failStart, StartRefused } from './start-refused.ts';
import { appendsWhileHeld, takeWriterLock } from './writer-lock.ts';

export interface BankParts {
  config: BankConfig;
  pool: Pool;
  store: EventStore;
  ctx: CommandContext;
  runner: ProjectionRunner;
  jobs: JobSystem | undefined;
  app: BankApp;
  url: string;
  stop(): Promise<void>;
}

export interface StartBankOptions {
  config?: Partial<BankConfig>;
  /** Which parts run in this process. All by default (the one-process bank). */
  roles?: {
    commands?: boolean;
    queries?: boolean;
    projections?: boolean;
    jobs?: boolean;
    http?: boolean;
  };
  /** BullMQ key prefix, so several banks can share one Redis (tests). */
  queuePrefix?: string;
  /** How often the job system looks whether Redis lost the queue (5 s when absent; tests less). */
  queueCheckEveryMs?: number;
  rateLimits?: HttpServerOptions['rateLimits'];
  /** Serve the built frontend (the default); separate services leave that to the edge. */
  serveFrontend?: boolean;
  /** Line-at-a-time output instead of the process logger (tests, tools). */
  log?: (line: string) => void;
  /** The process logger (a service's, naming it); one of LOG_LEVEL's is made when absent. */
  logger?: BankLogger;
  /** Where the access log's and the process logger's JSON lines go (standard output when absent). */
  logStream?: HttpServerOptions['logStream'];
  /** Awaited before the HTTP server is built, e.g. a build of the web app it serves. */
  beforeHttp?: Promise<void>;
  /** Extra job wiring contributed by feature modules. */
  jobs?: {
    processors?: (ctx: CommandContext) => Record<string, JobProcessor>;
    schedulers?: JobScheduler[];
    /** Repeating jobs: name → interval in ms. */
    repeating?: Record<string, number>;
    /** What to do once a job of that name has used up its tries. */
    gaveUp?: (ctx: CommandContext) => Record<string, JobProcessor>;
  };
}

/** Registered job wiring of feature modules (money movement, bill pay, crypto...). */
const jobModules: NonNullable<StartBankOptions['jobs']>[] = [];
export function registerJobModule(module: NonNullable<StartBankOptions['jobs']>): void {
  jobModules.push(module);
}

/**
 * Starts the bank: PostgreSQL (embedded unless DATABASE_URL), Redis (a local redis-server unless
 * REDIS_URL), migrations, the projection runner, the job workers and the HTTP server.
 */
export async function startBank(options: StartBankOptions = {}): Promise<BankParts> {
  const stoppers: (() => Promise<void>)[] = [];
  // The one place a failed start is undone: whatever started (PostgreSQL, Redis, workers) is
  // stopped before the error goes on, so no server is left running without its bank.
  return startParts(options, stoppers).catch((error: unknown) => failStart(stoppers, error));
}

async function startParts(
  options: StartBankOptions,
  stoppers: (() => Promise<void>)[],
): Promise<BankParts> {
  const config = { ...loadConfig(), ...options.config };
  const logger =
    options.logger ??
    (options.log
      ? lineLogger(options.log)
      : createLogger({
          level: config.logLevel,
          ...(options.logStream ? { stream: options.logStream } : {}),
        }));
  const log = (line: string) => logger.info(line);
  // Refused before anything starts: a typo must not leave a bank without its limits.
  const fromEnv = options.rateLimits ? undefined : rateLimitSetting(process.env.RATE_LIMITS);
  const rateLimits = options.rateLimits ?? fromEnv!.limits;
  if (fromEnv?.setting === 'load') {
    logger.warn(
      { rate_limits: 'load', ...rateLimits },
      'RATE_LIMITS=load: sign-in, registration, money, photo upload, contact form, support ticket and other write rate limits are lifted (load tests only)',
    );
  }
  const roles = {
    commands: true,
    queries: true,
    projections: true,
    jobs: true,
    http: true,
    ...options.roles,
  };
  // So is a session timeout the Kafka consumer would refuse once PostgreSQL and the relay run,
  // a digest file that cannot be written, and a HOST that names no address.
  if (roles.projections && config.kafkaBrokers) sessionTimeoutFromEnv();
  await checkStartSettings(config, { digests: roles.jobs, http: roles.http });
  if (config.secretsKey) parseSecretsKey(config.secretsKey);
  // OpenTelemetry traces only when an OTLP endpoint is configured (OTEL_EXPORTER_OTLP_ENDPOINT).
  if (tracingConfigured()) {
    const tracing = await startTracing();
    stoppers.push(() => tracing.shutdown());
  }
  // Readers pass over events they cannot read (an unknown type or version, data failing its
  // schema): each is logged once and counted in /api/ops/metrics.
  const stopSkipLog = onSkippedEvent((skipped) =>
    logger.warn(
      {
        event_id: skipped.eventId,
        event_type: skipped.storedType,
        schema_version: skipped.schemaVersion,
        reason: skipped.reason,
        stream_id: skipped.streamId,
        err: skipped.error,
      },
      'skipped an event it cannot read',
    ),
  );
  stoppers.push(async () => {
    stopSkipLog();
  });

  // The PostgreSQL and Redis this bank started itself: restarted when they die, but not once the
  // bank stops (a Ctrl-C reaches them too, before the bank's stop gets to them).
  const embedded: { stopping(): void }[] = [];
  let databaseUrl = config.databaseUrl;
  let migrationUrl = config.migrationDatabaseUrl;
  // A port taken by something else (another bank's servers) refuses the start, naming the setting.
  const refuseTakenPort = (setting: string) => (error: unknown) => {
    throw error instanceof PortInUseError
      ? new StartRefused(`${error.message} Stop it, or set ${setting} to a free port.`, {
          setting,
          reason: error.message,
        })
      : error;
  };
  if (!databaseUrl) {
    const postgres = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      port: integerSetting('EMBEDDED_PG_PORT'),
      notice: log,
      warn: (line) => logger.warn(line),
    }).catch(refuseTakenPort('EMBEDDED_PG_PORT'));
    stoppers.push(() => postgres.stop());
    embedded.push(postgres);
    await postgres.createDatabase('bank');
    await postgres.provisionRoles('bank');
    databaseUrl = postgres.roleUrl('bank', 'app');
    migrationUrl = postgres.roleUrl('bank', 'owner');
    log(`PostgreSQL (embedded) at ${databaseUrl.replace(/:[^:@/]+@/, ':***@')}`);
  }
  if (config.databaseUrl) {
    // A wrong password or host is a setting to fix, said in one line, not pg's error object.
    await refuseUnreachableDatabase(config.databaseUrl, 'DATABASE_URL');
    if (config.migrationDatabaseUrl) {
      await refuseUnreachableDatabase(config.migrationDatabaseUrl, 'MIGRATION_DATABASE_URL');
    }
  }
  let redisUrl = config.redisUrl;
  if (redisUrl && roles.jobs) {
    await refuseEvictingRedis(redisUrl);
  }
  if (!redisUrl && roles.jobs) {
    const redis = await startLocalRedis({
      port: integerSetting('EMBEDDED_REDIS_PORT'),
      dataDir: path.join(config.dataDir, 'redis'),
      persistent: true,
      warn: (line) => logger.warn(line),
    }).catch(refuseTakenPort('EMBEDDED_REDIS_PORT'));
    redisUrl = redis.url;
    stoppers.push(() => redis.stop());
    embedded.push(redis);
    log(`Redis (local redis-server) at ${redisUrl.replace(/:[^:@/]*@/, ':***@')}`);
  }

  const poolSize = integerSetting('PG_POOL_SIZE');
  // Every command of this bank runs here (jobs too) unless the parts run as separate services.
  const soleWriter = roles.commands && roles.jobs && !config.kafkaBrokers;
  const writerLock =
    roles.commands || roles.jobs
      ? await takeWriterLock(databaseUrl, soleWriter ? 'sole' : 'shared', { log })
      : undefined;
  if (writerLock) stoppers.push(() => writerLock.release());

  const limits = {
    statementTimeoutMs: integerSetting('PG_STATEMENT_TIMEOUT_MS'),
    idleInTransactionTimeoutMs: integerSetting('PG_IDLE_IN_TRANSACTION_TIMEOUT_MS'),
    connectTimeoutMs: integerSetting('PG_CONNECT_TIMEOUT_MS'),
  };
  const pool = createPool(databaseUrl, poolSize, limits);
  stoppers.push(() => pool.end());
  // PostgreSQL lost is said once, not by every projection loop and job that fails while it is gone.
  const databaseWatch = watchDatabase(pool, logger);
  stoppers.push(async () => databaseWatch.stop());
  await prepareDatabase(pool, migrationUrl, log);
  await refuseLogAheadOfServer(pool);

  const secretsKey = loadSecretsKey(config.secretsKey, config.dataDir);
  const bankKeys = await loadBankKeys(pool, secretsKey).catch((error: unknown) => {
    throw error instanceof WrongMasterKeyError
      ? new StartRefused(error.message, { setting: 'SECRETS_KEY', reason: error.message })
      : error;
  });
  const bankStore = createBankStore(pool, secretsKey, bankKeys);
  const { secrets, keyring } = bankStore;
  const store = writerLock ? appendsWhileHeld(bankStore.store, writerLock) : bankStore.store;
  let jobs: JobSystem | undefined;
  let relay: KafkaRelay | undefined;
  let failingProjections: (() => ReadonlyMap<string, string>) | undefined;
  const bus = createCommandBus(store, {
    soleWriter,
    onAppended: () => {
      runner.wake();
      relay?.wake();
      jobs?.wake();
    },
  });
  const failedJobs =
    roles.commands && redisUrl ? failedJobsOf(redisUrl, options.queuePrefix) : undefined;
  if (failedJobs) stoppers.push(() => failedJobs.close());
  const ctx: CommandContext = {
    ...(failedJobs ? { failedJobs } : {}),
    bus,
    pool,
    sessions: createSessionStore(pool, config.sessionTtlMs, config.sessionMaxAgeMs),
    secrets,
    keyring,
    destinationMac: destinationHasher(bankKeys),
    config,
    routingNumber: BANK_ROUTING_NUMBER,
  };
  // Before the pool ends (stoppers run last first): the session cache holds one of its connections.
  stoppers.push(() => ctx.sessions.close());

  // One machine: the projections follow the log on a thread of their own (a second core).
  const threaded = config.kafkaBrokers
    ? undefined
    : createThreadedProjectionRunner({
        pool,
        store,
        databaseUrl,
        secretsKeyHex: secretsKey.toString('hex'),
        poolSize: 16,
        limits,
        logger,
        databaseUnreachable: databaseWatch.unreachable,
      });
  const runner: ProjectionRunner =
    threaded ??
    createProjectionRunner({
      pool,
      store,
      projections: allProjections,
      onParked: (parked) => logParked(logger, parked),
    });
  if (roles.projections && config.kafkaBrokers) {
    // Scale mode: a relay (one per deployment, elected through PostgreSQL) puts the log on Kafka,
    // and the projections consume it in consumer groups shared with the other workers.
    await refuseUnreachableBrokers(config.kafkaBrokers);
    const kafka = createKafka(config.kafkaBrokers, `bank-${process.pid}`);
    relay = createKafkaRelay({ pool, store, kafka, log, warn: (line) => logger.warn(line) });
    await relay.start();
    stoppers.push(() => relay!.stop());
    const worker = createKafkaProjectionWorker({
      kafka,
      pool,
      projections: allProjections,
      open: store.openSealed,
      onError: (name, error) =>
        databaseWatch.unreachable(error) ||
        logger.error(
          { projection: name, source: 'kafka', err: (error as Error).message },
          'projection failed',
        ),
      onParked: (parked) => logParked(logger, parked),
    });
    failingProjections = worker.failing;
    await worker.start();
    stoppers.push(() => worker.stop());
    log(`Scale mode: projections from Kafka at ${config.kafkaBrokers.join(',')}`);
  } else if (roles.projections) {
    await refuseLogRunnerOverKafkaProgress(pool, allProjectionNames);
    // Without waiting for transactions still open elsewhere on the server (another bank's, say):
    // the loops project what they hold back as soon as it is readable. A read model its
    // environment breaks is left to its loop, which names it failing in health.
    await runner.catchUp({ waitForCommitted: false, leaveFailingToLoops: true });
    await runner.start();
    stoppers.push(() => runner.stop());
    failingProjections = threaded?.failing;
  }

  if (roles.jobs && redisUrl) {
    const modules = [
      ...jobModules,
      digestJobModule(pool, config),
      ...(options.jobs ? [options.jobs] : []),
    ];
    jobs = createJobSystem({
      redisUrl,
      pool,
      store,
      prefix: options.queuePrefix,
      ...(options.queueCheckEveryMs ? { queueCheckEveryMs: options.queueCheckEveryMs } : {}),
      processors: Object.assign(
        {},
        coreProcessors(ctx),
        ...modules.map((m) => m.processors?.(ctx) ?? {}),
      ),
      schedulers: [welcomeScheduler, ...modules.flatMap((m) => m.schedulers ?? [])],
      repeating: Object.assign({}, coreRepeatingJobs, ...modules.map((m) => m.repeating ?? {})),
      gaveUp: Object.assign({}, ...modules.map((m) => m.gaveUp?.(ctx) ?? {})),
      onError: (error) =>
        databaseWatch.unreachable(error) ||
        logger.error({ err: (error as Error).message }, 'job error'),
      logger,
    });
    await jobs.start();
    stoppers.push(() => jobs!.stop());
  }

  let rateLimitRedis: Redis | undefined;
  let redisWatch: RedisWatch | undefined;
  if (redisUrl) {
    rateLimitRedis = new Redis(redisUrl, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: true,
    });
    rateLimitRedis.on('error', () => {});
    await rateLimitRedis
      .connect()
      .catch(() =>
        logger.warn('Redis is not reachable: rate limits count in this process until it is'),
      );
    stoppers.push(async () => rateLimitRedis?.disconnect());
    redisWatch = watchRedis(rateLimitRedis, logger);
    stoppers.push(() => redisWatch!.stop());
  }

  await options.beforeHttp;
  let ready = false;
  const app = await buildHttpServer({
    ctx,
    redis: rateLimitRedis,
    ...(redisWatch ? { redisAnswering: redisWatch.answering } : {}),
    // Only the sole writer counts rate limits in memory; separate services (scale mode's
    // command-api instances) share their counts through Redis.
    onlyCommandServer: soleWriter,
    serve: { commands: roles.commands, queries: roles.queries },
    isReady: () => ready,
    failingProjections,
    failingJobs: jobs ? jobs.failingRepeating : undefined,
    // A separate command-api answers for itself, not for the read side; a jobs process for Redis.
    healthRules: {
      readSide: roles.projections || roles.queries,
      redis: roles.jobs && !roles.commands,
    },
    rateLimits,
    rateLimitNamespace: options.queuePrefix,
    trustProxy: config.trustProxy,
    maxConnectionsPerClient: config.maxConnectionsPerClient,
    logLevel: config.logLevel,
    metricsToken: config.metricsToken,
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.serveFrontend === false ? { serveFrontend: false } : {}),
    corsOrigins: process.env.CORS_ORIGINS?.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  });
  let url = '';
  if (roles.http) {
    url = await app.listen({ port: config.port, host: config.host }).catch((error: unknown) => {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EADDRINUSE' && code !== 'EADDRNOTAVAIL') throw error;
      const reason = `${config.host}:${config.port} cannot be listened on (${code})`;
      throw new StartRefused(`${reason}: set PORT to a free port, or HOST to this machine's.`, {
        setting: code === 'EADDRINUSE' ? 'PORT' : 'HOST',
        reason,
      });
    });
    stoppers.push(() => app.close());
  }
  ready = true;

  return {
    config,
    pool,
    store,
    ctx,
    runner,
    jobs,
    app,
    url,
    async stop() {
      ready = false;
      writerLock?.stopping();
      for (const server of embedded) server.stopping();
      threaded?.stopping();
      // Stop in the reverse order of starting: HTTP first, PostgreSQL last.
      for (const stop of stoppers.reverse()) await stop().catch(() => {});
    },
  };
}
