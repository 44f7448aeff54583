import { createLogger, loadConfig } from '@bank/infra';
import { startBank, type StartBankOptions } from '../bank.ts';
import { exitRefused, exitStartFailed, orExitOnRefusal } from '../start-refused.ts';
import '../modules.ts';
import { missingSettings, type ServiceName } from './service-settings.ts';

export type { ServiceName } from './service-settings.ts';

const roles: Record<ServiceName, NonNullable<StartBankOptions['roles']>> = {
  'command-api': { commands: true, queries: false, projections: false, jobs: false, http: true },
  'query-api': { commands: false, queries: true, projections: false, jobs: false, http: true },
  // Workers listen on PORT too, for /api/health only.
  projections: { commands: false, queries: false, projections: true, jobs: false, http: true },
  jobs: { commands: false, queries: false, projections: false, jobs: true, http: true },
};

/** Starts one part of the bank as its own process (npm run start:<service>). */
export async function runService(service: ServiceName): Promise<void> {
  // Whether it started (or why not) is written at any LOG_LEVEL: a supervisor waits for it.
  const logger = createLogger({ level: 'info', base: { service } });
  // What a separate service needs from its environment: shared stores, not embedded ones.
  const absent = missingSettings(service, process.env);
  if (absent.length > 0) {
    exitRefused(
      `${service}: set ${absent.join(', ')}. A separate service shares PostgreSQL, Redis and its ` +
        'keys with the others; `npm start` runs the whole bank in one process with embedded stores.',
      { service, missing: absent },
    );
  }
  const config = orExitOnRefusal(() => loadConfig(), `${service}: `, { service });
  // startBank has stopped whatever it started when it fails: what is left is to say why in one
  // line (exit 2 for a setting to fix, 1 otherwise), as `npm start` does, not a stack trace.
  const bank = await startBank({
    roles: roles[service],
    serveFrontend: false,
    logger: createLogger({ level: config.logLevel, base: { service } }),
  }).catch((error: unknown) => exitStartFailed(error, config.logLevel, service));
  const scale = Boolean(config.kafkaBrokers);
  logger.info({ url: bank.url, scale }, `ready on ${bank.url}${scale ? ' (scale mode)' : ''}`);
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void bank.stop().then(() => process.exit(0));
    });
  }
}
