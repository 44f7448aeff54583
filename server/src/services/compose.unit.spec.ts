import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { APP_ROLE, OWNER_ROLE } from '@bank/infra';
import { parse } from 'yaml';
import { SCALE_TOPOLOGY } from '../scale/flow-topology.ts';
import { collectApiRoutes } from './api-routes.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string[];
  healthcheck?: { test: unknown };
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }> | string[];
}

/** No Docker engine runs here: this checks what can be checked without one. */
describe('docker-compose.yml', () => {
  const compose = parse(read('docker-compose.yml'), { merge: true }) as {
    services: Record<string, ComposeService>;
    volumes?: Record<string, unknown>;
  };
  const services = compose.services;

  it('brings up the stores, Kafka in KRaft mode, every service and the nginx edge', () => {
    for (const name of [
      'postgres',
      'redis',
      'kafka',
      'command-api',
      'command-api-2',
      'query-api',
      'projections',
      'projections-2',
      'jobs',
      'edge',
    ]) {
      expect(services, name).toHaveProperty(name);
    }
    // Nothing in the bank reads KurrentDB (only its adapter's contract tests, given a server).
    expect(services).not.toHaveProperty('kurrentdb');
    expect(read('docker-compose.yml')).not.toMatch(/EVENTSTORE_URL|kurrent/i);
    expect(services.kafka!.image).toMatch(/^apache\/kafka:/);
    expect(services.kafka!.environment!.KAFKA_PROCESS_ROLES).toBe('broker,controller');
    expect(read('infra/kafka/pom.xml')).toContain(
      `<kafka.version>${services.kafka!.image!.split(':')[1]}</kafka.version>`,
    );
  });

  it('has a health check on every service', () => {
    for (const [name, service] of Object.entries(services)) {
      expect(service.healthcheck?.test, name).toBeDefined();
    }
  });

  it('starts each bank service with an npm script that the tests run without Docker', () => {
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> })
      .scripts;
    const servicesTest = read('server/src/services/services.kafka.spec.ts');
    const named = Object.values(services)
      .map((s) => s.command)
      .filter((c): c is string[] => Array.isArray(c) && c[0] === 'npm' && c[1] === 'run')
      .map((c) => c[2]!);
    expect(new Set(named)).toEqual(
      new Set([
        'start:command-api',
        'start:query-api',
        'start:projections',
        'start:jobs',
        'start:edge',
      ]),
    );
    // npm's own "> start:…" banner would be the only lines of the log that are not JSON.
    const npmRuns = Object.values(services)
      .map((s) => s.command)
      .filter((c): c is string[] => Array.isArray(c) && c[0] === 'npm');
    for (const command of npmRuns) expect(command, command.join(' ')).toContain('--silent');
    expect(read('Dockerfile')).toContain('CMD ["npm", "start", "--silent"]');
    for (const script of named) {
      expect(scripts[script], script).toMatch(/^tsx server\/src\/services\//);
      expect(servicesTest, script).toContain(`startService('${script}'`);
    }
  });

  it('runs as many instances of each service as the scale-mode flow test starts', () => {
    const instances: Record<string, number> = {};
    for (const service of Object.values(services)) {
      const [npm, run, script] = service.command ?? [];
      if (npm === 'npm' && run === 'run') instances[script!] = (instances[script!] ?? 0) + 1;
    }
    expect(instances).toEqual(SCALE_TOPOLOGY);
    expect(read('server/src/scale/flow.kafka.spec.ts')).toContain('SCALE_TOPOLOGY[script]');
  });

  it('has the edge probe the health of every instance of every service by name', () => {
    const edgeEnv = services['edge-health']!.environment!;
    const urls = (name: string) => edgeEnv[name]!.split(',').map((u) => new URL(u).hostname);
    const instances = (command: string) =>
      Object.entries(services)
        .filter(([, s]) => s.command?.[2] === command)
        .map(([name]) => name);
    for (const [variable, command] of [
      ['COMMAND_API_URLS', 'start:command-api'],
      ['QUERY_API_URLS', 'start:query-api'],
      ['PROJECTIONS_URLS', 'start:projections'],
      ['JOBS_URLS', 'start:jobs'],
    ] as const) {
      expect(new Set(urls(variable)), variable).toEqual(new Set(instances(command)));
    }
    // A replicated service answers on one name from any replica: its health would be one of them.
    for (const [name, service] of Object.entries(services)) {
      expect(
        (service as { deploy?: { replicas?: number } }).deploy?.replicas,
        name,
      ).toBeUndefined();
    }
  });

  it('starts the edge while the read side catches up, without waiting for its health', () => {
    // These answer 503 while the read models lag (a long catch-up after a restore, say): a
    // dependency on their health would keep nginx, and the site, down until the catch-up ends,
    // and fail `docker compose up` once their health check gives up.
    const lagging = new Set(
      Object.entries(services)
        .filter(([, s]) =>
          ['start:query-api', 'start:projections', 'start:edge'].includes(s.command?.[2] ?? ''),
        )
        .map(([name]) => name),
    );
    expect(lagging.size).toBeGreaterThanOrEqual(4);
    const waits: string[] = [];
    for (const [name, service] of Object.entries(services)) {
      const dependsOn = Array.isArray(service.depends_on) ? {} : (service.depends_on ?? {});
      for (const [dependency, { condition }] of Object.entries(dependsOn)) {
        if (lagging.has(dependency) && condition === 'service_healthy') {
          waits.push(`${name} -> ${dependency}`);
        }
      }
    }
    expect(waits).toEqual([]);
    expect(services.edge!.depends_on).toHaveProperty('query-api');
    expect(services.edge!.depends_on).toHaveProperty('edge-health');
  });

  it('lets the API services trust the edge, and only one hop of it', () => {
    for (const name of ['command-api', 'command-api-2', 'query-api']) {
      expect(services[name]!.environment!.TRUST_PROXY, name).toBe('1');
    }
  });

  it('connects the services as the application role and migrates as the owner, neither a superuser', () => {
    /** The role of a URL whose password is a required variable, and that variable. */
    const roleOf = (url: string | undefined) =>
      /^postgres:\/\/(\w+):\$\{(\w+):\?[^}]+\}@postgres:5432\/bank$/.exec(url ?? '')?.slice(1);
    const initScripts = (services.postgres!.volumes ?? []).filter((v) =>
      v.includes(':/docker-entrypoint-initdb.d/'),
    );
    expect(initScripts).toHaveLength(1);
    const script = read(initScripts[0]!.split(':')[0]!);
    expect(script).toContain(`CREATE ROLE ${OWNER_ROLE} LOGIN PASSWORD :'owner_password'`);
    expect(script).toContain(`CREATE ROLE ${APP_ROLE} LOGIN PASSWORD :'app_password'`);
    expect(script).toContain(`CREATE DATABASE bank OWNER ${OWNER_ROLE}`);
    expect(script).not.toMatch(/SUPERUSER|CREATEROLE|^\s*GRANT/m);
    const postgresEnv = services.postgres!.environment!;
    expect(postgresEnv.POSTGRES_USER ?? 'postgres').not.toMatch(/^bank/);
    for (const [name, service] of Object.entries(services)) {
      if (!service.command?.[2]?.startsWith('start:')) continue;
      const [appRole, appPassword] = roleOf(service.environment?.DATABASE_URL) ?? [];
      const [ownerRole, ownerPassword] = roleOf(service.environment?.MIGRATION_DATABASE_URL) ?? [];
      expect([name, appRole, ownerRole]).toEqual([name, APP_ROLE, OWNER_ROLE]);
      expect(postgresEnv[`${appPassword}`]).toBe(`\${${appPassword}:?set ${appPassword}}`);
      expect(postgresEnv[`${ownerPassword}`]).toBe(`\${${ownerPassword}:?set ${ownerPassword}}`);
    }
  });

  it('has Redis require a password that every service connects with', () => {
    const redis = services.redis!;
    // `$$` is compose's escape: the container's shell expands the variable.
    expect(redis.command!.join(' ')).toContain('--requirepass "$$REDIS_PASSWORD"');
    expect(redis.environment!.REDIS_PASSWORD).toMatch(/^\$\{REDIS_PASSWORD:\?/);
    expect((redis.healthcheck!.test as string[]).join(' ')).toContain('-a "$$REDIS_PASSWORD"');
    for (const [name, service] of Object.entries(services)) {
      if (!service.command?.[2]?.startsWith('start:')) continue;
      expect([name, service.environment!.REDIS_URL]).toEqual([
        name,
        expect.stringMatching(/^redis:\/\/:\$\{REDIS_PASSWORD:\?[^}]+\}@redis:6379$/),
      ]);
    }
  });

  it('keeps the jobs worker’s DATA_DIR (the published log digest) on a volume', () => {
    const jobs = services.jobs!;
    const dataDir = jobs.environment!.DATA_DIR!;
    expect(dataDir).toMatch(/^\//);
    const mounted = (jobs.volumes ?? []).find((v) => v.split(':')[1] === dataDir);
    expect(mounted).toBeDefined();
    expect(compose.volumes).toHaveProperty(mounted!.split(':')[0]!);
  });

  it('runs on no placeholder secret: each one is required', () => {
    const text = read('docker-compose.yml');
    const defaulted = [...text.matchAll(/\$\{(\w+):-/g)].map((m) => m[1]);
    expect(new Set(defaulted)).toEqual(new Set(['PUBLIC_URL', 'RATE_LIMITS']));
    expect(text).not.toMatch(/change-me/);
    for (const secret of [
      'SECRETS_KEY',
      'OPS_TOKEN',
      'METRICS_TOKEN',
      'REDIS_PASSWORD',
      'POSTGRES_PASSWORD',
      'BANK_OWNER_PASSWORD',
      'BANK_APP_PASSWORD',
      'GRAFANA_ADMIN_PASSWORD',
    ]) {
      expect(text, secret).toContain(`\${${secret}:?`);
    }
  });
});

describe('infra/edge/nginx.conf', () => {
  const conf = read('infra/edge/nginx.conf');
  const map = /map "\$request_method:\$uri" \$api_upstream \{([\s\S]*?)\}/.exec(conf)![1]!;
  const rules = [...map.matchAll(/"~(.+?)" (\w+);/g)].map((m) => ({
    pattern: new RegExp(m[1]!),
    upstream: m[2]!,
  }));
  const fallback = /default (\w+);/.exec(map)![1]!;
  const nginxRoute = (method: string, url: string) =>
    rules.find((r) => r.pattern.test(`${method}:${url}`))?.upstream ?? fallback;

  it('passes on the address nginx saw, never a client-written X-Forwarded-For', () => {
    expect(conf).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
    expect(conf).not.toContain('$proxy_add_x_forwarded_for');
  });

  it('caps the connections one client address holds, since the services behind do not count them', () => {
    expect(conf).toMatch(/limit_conn_zone \$binary_remote_addr zone=(\w+):\d+m;/);
    const zone = /limit_conn_zone \S+ zone=(\w+):/.exec(conf)![1]!;
    expect(conf).toMatch(new RegExp(`limit_conn ${zone} \\d+;`));
    expect(conf).toContain('limit_conn_status 429;');
  });

  it('sends every route to the service that serves it, as the Node edge does', async () => {
    const routes = await collectApiRoutes();
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      if (route.method === 'OPTIONS') continue;
      const sample = route.url.replace(/:[^/]+/g, 'x1').replace(/\*$/, 'x1');
      const expected = route.service === 'command-api' ? 'command_api' : 'query_api';
      expect(nginxRoute(route.method, sample), `${route.method} ${route.url}`).toBe(expected);
    }
  });
});

describe('Dockerfile', () => {
  it('runs the services as an unprivileged user that owns the data directory', () => {
    const dockerfile = read('Dockerfile');
    const bankStage = dockerfile.slice(0, dockerfile.indexOf(' AS edge'));
    expect(bankStage).toMatch(/^USER node$/m);
    expect(bankStage).toContain('chown node:node /var/lib/bank');
    expect(bankStage.indexOf('USER node')).toBeGreaterThan(bankStage.indexOf('RUN npm run build'));
  });

  it('copies every workspace manifest before npm ci, so the image installs each workspace', () => {
    const dockerfile = read('Dockerfile');
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    for (const workspace of workspaces) {
      expect(dockerfile, workspace).toContain(`COPY ${workspace}/package.json ${workspace}/`);
    }
  });

  it('copies the dependency patches before npm ci, whose postinstall applies them', () => {
    const dockerfile = read('Dockerfile');
    const postinstall = (JSON.parse(read('package.json')) as { scripts: Record<string, string> })
      .scripts.postinstall;
    expect(postinstall).toBe('patch-package');
    const copied = dockerfile.indexOf('COPY patches/ patches/');
    expect(copied).toBeGreaterThan(-1);
    expect(copied).toBeLessThan(dockerfile.indexOf('RUN npm ci'));
  });
});
