import path from 'node:path';
import { MAX_CONNECTIONS_PER_CLIENT } from './http/connection-guard.ts';
import { InvalidSetting } from './invalid-setting.ts';
import { parseSecretsKey } from './security/encryption.ts';

/** Runtime configuration, read once from the environment with embedded defaults. */
export interface BankConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The role that owns the schema and runs the migrations; DATABASE_URL's role then owns nothing. */
  migrationDatabaseUrl: string | undefined;
  redisUrl: string | undefined;
  opsToken: string;
  /** A bearer token that may read /metrics only (for a Prometheus scraper); the ops token may too. */
  metricsToken: string | undefined;
  /** 32-byte key (hex or base64) that encrypts card numbers, CVVs and SSNs at rest. */
  secretsKey: string | undefined;
  settlementDelayMs: number | undefined;
  sessionTtlMs: number;
  /** A session ends this long after sign-in however often it is refreshed. */
  sessionMaxAgeMs: number;
  kafkaBrokers: string[] | undefined;
  /** Which proxies may set X-Forwarded-For: none, an address/CIDR list, or a hop count. */
  trustProxy: TrustProxy;
  /** Connections one client address may hold open at once; 0 for no limit. */
  maxConnectionsPerClient: number;
  /** Where customers reach the web app; links the bank sends (password resets) start here. */
  publicUrl: string;
  /** pino level of the access and error log: fatal, error, warn, info, debug, trace or silent. */
  logLevel: string;
  /** Append-only file the log digest is published to (DATA_DIR/digests.log when unset). */
  digestFile: string | undefined;
  /** How often the digest is published (also once at start). */
  digestIntervalMs: number;
}

export { InvalidSetting };

/** Fastify's trustProxy forms, minus `true` (which would let any client forge its address). */
export type TrustProxy = false | number | string[];

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * TRUST_PROXY: empty or "false" trusts no proxy; a number trusts that many hops in front of the
 * bank; otherwise a comma-separated list of addresses, CIDR ranges or proxy-addr names
 * (loopback, linklocal, uniquelocal).
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false' || text === 'none') return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (text === 'true') {
    throw new InvalidSetting(
      'TRUST_PROXY',
      'true would let any client set its own address (X-Forwarded-For) and slip past rate ' +
        'limits; give the proxy addresses (e.g. 10.0.0.5,10.0.1.0/24) or a hop count.',
    );
  }
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

function publicUrlFromEnv(value: string | undefined, port: number): string {
  const text = value?.trim() || `http://localhost:${port}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InvalidSetting('PUBLIC_URL', `must be an absolute http(s) URL; got "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new InvalidSetting('PUBLIC_URL', `must be an absolute http(s) URL; got "${value}"`);
  }
  return text.replace(/\/+$/, '');
}

/** LOG_LEVEL as pino takes it; a value not among them is refused (InvalidSetting). */
export function logLevelFromEnv(value: string | undefined, fallback: string): string {
  const level = (value ?? '').trim().toLowerCase() || fallback;
  if (!LOG_LEVELS.includes(level)) {
    throw new InvalidSetting(
      'LOG_LEVEL',
      `must be one of ${LOG_LEVELS.join(', ')}; got "${value}"`,
    );
  }
  return level;
}

/**
 * An integer setting: unset or empty gives the fallback; anything but digits (a unit, a decimal
 * point, a sign) is refused rather than read in part ("30m" is not 30 ms, "1e3" not 1), and so is
 * a number outside the setting's bounds.
 */
function intFromEnv(
  name: string,
  value: string | undefined,
  fallback: number,
  bounds: { min?: number; max?: number } = {},
): number {
  const text = value?.trim();
  if (text === undefined || text === '') return fallback;
  const { min = 0, max = Number.MAX_SAFE_INTEGER } = bounds;
  if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
    throw new InvalidSetting(name, `expected a whole number, got "${value}"`);
  }
  const parsed = Number(text);
  if (parsed < min || parsed > max) {
    throw new InvalidSetting(
      name,
      max === Number.MAX_SAFE_INTEGER
        ? `must be ${min} or more; got "${value}"`
        : `must be from ${min} to ${max}; got "${value}"`,
    );
  }
  return parsed;
}

/**
 * Integer settings read where they are used rather than kept in BankConfig, with their defaults
 * and bounds. loadConfig checks each one, so a wrong value refuses the start naming it instead of
 * running on NaN (a /api/health that is never healthy, a pool without a size, statements with no
 * timeout at all).
 */
const INTEGER_SETTINGS = {
  PG_POOL_SIZE: { fallback: 40, min: 1 },
  PG_STATEMENT_TIMEOUT_MS: { fallback: 60_000 },
  PG_IDLE_IN_TRANSACTION_TIMEOUT_MS: { fallback: 10_000 },
  PG_CONNECT_TIMEOUT_MS: { fallback: 15_000 },
  PG_QUERY_TIMEOUT_MS: { fallback: 15_000 },
  SESSION_CACHE_MS: { fallback: 5000 },
  HEALTH_MAX_LAG_MS: { fallback: 60_000 },
  PROJECTION_LOCK_WAIT_MS: { fallback: 1000, min: 1 },
  CONSISTENCY_WAIT_MS: { fallback: 5000 },
  REDIS_PING_EVERY_MS: { fallback: 2000, min: 100 },
  REDIS_PING_TIMEOUT_MS: { fallback: 1000, min: 10 },
  REDIS_ANSWER_TIMEOUT_MS: { fallback: 250, min: 10 },
  EMBEDDED_PG_PORT: { fallback: 54329, min: 1, max: 65_535 },
  EMBEDDED_REDIS_PORT: { fallback: 63790, min: 1, max: 65_535 },
} as const;

export type IntegerSetting = keyof typeof INTEGER_SETTINGS;

/** An integer setting's value from the environment, or its default; InvalidSetting when wrong. */
export function integerSetting(name: IntegerSetting, env: NodeJS.ProcessEnv = process.env): number {
  const { fallback, ...bounds } = INTEGER_SETTINGS[name];
  return intFromEnv(name, env[name], fallback, bounds);
}

/** MAX_CONNECTIONS_PER_CLIENT: a count of connections, 0 for no limit; the default when unset. */
export function parseMaxConnectionsPerClient(value: string | undefined): number {
  return intFromEnv('MAX_CONNECTIONS_PER_CLIENT', value, MAX_CONNECTIONS_PER_CLIENT);
}

/** PORT: the HTTP port, 3000 when unset (0: any free port). */
export function parsePort(value: string | undefined): number {
  return intFromEnv('PORT', value, 3000, { max: 65_535 });
}

const POSTGRES_PROTOCOLS = ['postgres:', 'postgresql:'];

/**
 * A server's URL from the environment, refused at start when it names another kind of server or,
 * where `parses` (node-postgres also takes forms a WHATWG URL refuses, such as a socket directory
 * with no host), when it does not parse: a typo otherwise surfaces as "Invalid URL" from a client
 * library, or as a hang. The value is not quoted back: it may hold a password.
 */
function serverUrlFromEnv(
  name: string,
  value: string | undefined,
  protocols: string[],
  { parses }: { parses: boolean },
): string | undefined {
  if (!value) return undefined;
  const wanted = `must be a ${protocols.map((p) => `${p}//`).join(' or ')} URL`;
  const scheme = /^([a-z][a-z0-9+.-]*:)\/\//i.exec(value)?.[1]?.toLowerCase();
  if (!scheme || !protocols.includes(scheme)) {
    throw new InvalidSetting(
      name,
      `${wanted}; it starts with ${scheme ? `${scheme}//` : 'no scheme'}`,
    );
  }
  if (parses && !URL.canParse(value))
    throw new InvalidSetting(name, `${wanted}; it does not parse`);
  return value;
}

/** KAFKA_BROKERS as host:port entries separated by commas; an empty or portless entry is refused. */
function kafkaBrokersFromEnv(value: string | undefined): string[] | undefined {
  if (!value) return undefined;
  const brokers = value.split(',').map((broker) => broker.trim());
  const wrong = brokers.find(
    (broker) => !/^[^\s:,]+:\d{1,5}$|^\[[0-9a-fA-F:.]+\]:\d{1,5}$/.test(broker),
  );
  if (wrong !== undefined) {
    throw new InvalidSetting(
      'KAFKA_BROKERS',
      `expected host:port entries separated by commas; got "${wrong}" in "${value}"`,
    );
  }
  return brokers;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): BankConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? '.data');
  const port = parsePort(env.PORT);
  for (const name of Object.keys(INTEGER_SETTINGS) as IntegerSetting[]) integerSetting(name, env);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: serverUrlFromEnv('DATABASE_URL', env.DATABASE_URL, POSTGRES_PROTOCOLS, {
      parses: false,
    }),
    migrationDatabaseUrl: serverUrlFromEnv(
      'MIGRATION_DATABASE_URL',
      env.MIGRATION_DATABASE_URL,
      POSTGRES_PROTOCOLS,
      { parses: false },
    ),
    redisUrl: serverUrlFromEnv('REDIS_URL', env.REDIS_URL, ['redis:', 'rediss:'], { parses: true }),
    opsToken: env.OPS_TOKEN ?? '',
    metricsToken: env.METRICS_TOKEN || undefined,
    // Checked here, with the other settings, so a wrong key refuses the start before PostgreSQL.
    secretsKey: env.SECRETS_KEY ? (parseSecretsKey(env.SECRETS_KEY), env.SECRETS_KEY) : undefined,
    settlementDelayMs: env.SETTLEMENT_DELAY_MS
      ? intFromEnv('SETTLEMENT_DELAY_MS', env.SETTLEMENT_DELAY_MS, 0)
      : undefined,
    sessionTtlMs: intFromEnv('SESSION_TTL_MS', env.SESSION_TTL_MS, 30 * 60 * 1000, { min: 1 }),
    sessionMaxAgeMs: intFromEnv('SESSION_MAX_AGE_MS', env.SESSION_MAX_AGE_MS, 12 * 60 * 60 * 1000, {
      min: 1,
    }),
    kafkaBrokers: kafkaBrokersFromEnv(env.KAFKA_BROKERS),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    maxConnectionsPerClient: parseMaxConnectionsPerClient(env.MAX_CONNECTIONS_PER_CLIENT),
    publicUrl: publicUrlFromEnv(env.PUBLIC_URL, port),
    // Tests run quietly unless asked otherwise.
    logLevel: logLevelFromEnv(env.LOG_LEVEL, env.VITEST ? 'silent' : 'info'),
    digestFile: env.DIGEST_FILE ? path.resolve(env.DIGEST_FILE) : undefined,
    digestIntervalMs: intFromEnv('DIGEST_INTERVAL_MS', env.DIGEST_INTERVAL_MS, 60 * 60 * 1000, {
      min: 1,
    }),
  };
}

/** The file the log digest is published to, for an auditor to keep (see BankConfig.digestFile). */
export function digestFilePath(config: Pick<BankConfig, 'digestFile' | 'dataDir'>): string {
  return config.digestFile ?? path.join(config.dataDir, 'digests.log');
}
