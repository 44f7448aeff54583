export type ServiceName = 'command-api' | 'query-api' | 'projections' | 'jobs';

/**
 * The settings a separate service cannot start without. Each is shared with the other services:
 * an embedded default would be a private copy (a fresh SECRETS_KEY would seal data no other
 * process can open, and open nothing the others sealed).
 */
export function requiredSettings(service: ServiceName): string[] {
  // Every service reads or writes personal data sealed with the one key.
  const required = ['DATABASE_URL', 'SECRETS_KEY'];
  // Jobs run from Redis. Each command-api counts the rate limits (sign-in attempts, money
  // requests) in Redis, shared with the other instances; without it each would count alone, and
  // behind a round-robin edge a client would get the limits once per instance.
  if (service === 'jobs' || service === 'command-api') required.push('REDIS_URL');
  if (service === 'command-api' || service === 'query-api') required.push('OPS_TOKEN');
  return required;
}

/** The required settings absent (or empty) in `env`. */
export function missingSettings(service: ServiceName, env: NodeJS.ProcessEnv): string[] {
  return requiredSettings(service).filter((name) => !env[name]?.trim());
}
