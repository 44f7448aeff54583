import path from 'node:path';

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
  /** 32-byte key (hex or base64) that encrypts card numbers, CVVs and SSNs at rest. */
  secretsKey: string | undefined;
  settlementDelayMs: number | undefined;
  sessionTtlMs: number;
  kafkaBrokers: string[] | undefined;
  /** Append-only file the log digest is published to (DATA_DIR/digests.log when unset). */
  digestFile: string | undefined;
  /** How often the digest is published (also once at start). */
  digestIntervalMs: number;
}

function intFromEnv(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number.parseInt(value, 10);
  if (!Number.isFinite(parsed)) throw new Error(`Expected an integer, got "${value}"`);
  return parsed;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): BankConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? '.data');
  return {
    port: intFromEnv(env.PORT, 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    migrationDatabaseUrl: env.MIGRATION_DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    opsToken: env.OPS_TOKEN ?? '',
    secretsKey: env.SECRETS_KEY || undefined,
    settlementDelayMs: env.SETTLEMENT_DELAY_MS ? intFromEnv(env.SETTLEMENT_DELAY_MS, 0) : undefined,
    sessionTtlMs: intFromEnv(env.SESSION_TTL_MS, 30 * 60 * 1000),
    kafkaBrokers: env.KAFKA_BROKERS ? env.KAFKA_BROKERS.split(',').map((b) => b.trim()) : undefined,
    digestFile: env.DIGEST_FILE ? path.resolve(env.DIGEST_FILE) : undefined,
    digestIntervalMs: intFromEnv(env.DIGEST_INTERVAL_MS, 60 * 60 * 1000),
  };
}

/** The file the log digest is published to, for an auditor to keep (see BankConfig.digestFile). */
export function digestFilePath(config: Pick<BankConfig, 'digestFile' | 'dataDir'>): string {
  return config.digestFile ?? path.join(config.dataDir, 'digests.log');
}
