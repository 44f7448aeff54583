import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { missingSettings, type ServiceName } from './service-settings.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const services: ServiceName[] = ['command-api', 'query-api', 'projections', 'jobs'];

describe('settings a separate service needs', () => {
  it.each(services)('%s needs the shared database and the shared secrets key', (service) => {
    expect(missingSettings(service, {})).toEqual(
      expect.arrayContaining(['DATABASE_URL', 'SECRETS_KEY']),
    );
    expect(missingSettings(service, { SECRETS_KEY: '  ' })).toContain('SECRETS_KEY');
  });

  it('jobs and command-api need Redis; the HTTP APIs need the ops token', () => {
    expect(missingSettings('jobs', {})).toContain('REDIS_URL');
    // Its rate limits are shared with the other instances through Redis.
    expect(missingSettings('command-api', {})).toContain('REDIS_URL');
    expect(missingSettings('command-api', {})).toContain('OPS_TOKEN');
    expect(missingSettings('query-api', {})).toContain('OPS_TOKEN');
    expect(missingSettings('projections', {})).not.toContain('OPS_TOKEN');
  });

  it('a projection worker without SECRETS_KEY refuses to start, naming the setting', () => {
    // Without the shared key a worker would make a fresh one and fail every projection forever.
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/x',
    };
    delete env.SECRETS_KEY;
    const result = spawnSync('npx', ['tsx', 'server/src/services/projections.ts'], {
      cwd: root,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('set SECRETS_KEY');
  });
});
