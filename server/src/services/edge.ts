import {
  createLogger,
  logLevelFromEnv,
  parseMaxConnectionsPerClient,
  parsePort,
  parseTrustProxy,
} from '@bank/infra';
import { orExitOnRefusal } from '../start-refused.ts';
import { buildEdge } from './edge-app.ts';

/** Comma-separated base URLs from the environment. */
function urls(name: string, fallback: string): string[] {
  return (process.env[name] ?? fallback)
    .split(',')
    .map((u) => u.trim().replace(/\/$/, ''))
    .filter(Boolean);
}

const health: Record<string, string> = {};
urls('PROJECTIONS_URLS', '').forEach(
  (u, i) => (health[`projections#${i + 1}`] = `${u}/api/health`),
);
urls('JOBS_URLS', '').forEach((u, i) => (health[`jobs#${i + 1}`] = `${u}/api/health`));

// Whether it started is written at any LOG_LEVEL, as the services' start: a supervisor waits for it.
const startLogger = createLogger({ level: 'info', base: { service: 'edge' } });
// A setting present but wrong refuses the start (exit code 2) as the services' do.
const setting = <T>(read: () => T) => orExitOnRefusal(read, 'edge: ', { service: 'edge' });
const logger = createLogger({
  level: setting(() => logLevelFromEnv(process.env.LOG_LEVEL, 'info')),
  base: { service: 'edge' },
});
const trustProxy = setting(() => parseTrustProxy(process.env.TRUST_PROXY));
const maxConnectionsPerClient = setting(() =>
  parseMaxConnectionsPerClient(process.env.MAX_CONNECTIONS_PER_CLIENT),
);
const edge = await buildEdge({
  upstreams: {
    'command-api': urls('COMMAND_API_URLS', 'http://127.0.0.1:3001'),
    'query-api': urls('QUERY_API_URLS', 'http://127.0.0.1:3002'),
  },
  health,
  trustProxy,
  maxConnectionsPerClient,
  metricsTokens: [process.env.OPS_TOKEN || undefined, process.env.METRICS_TOKEN || undefined],
  logger,
});
const url = await edge.listen({
  port: setting(() => parsePort(process.env.PORT)),
  host: process.env.HOST ?? '0.0.0.0',
});
startLogger.info({ url }, `ready on ${url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void edge.close().then(() => process.exit(0)));
}
