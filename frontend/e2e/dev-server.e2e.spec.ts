import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { describe, expect, it } from 'vitest';

const frontendDir = fileURLToPath(new URL('..', import.meta.url));

describe('npm run dev -w frontend', () => {
  it('serves the web app from its sources with React Fast Refresh', async () => {
    const server = await createServer({
      root: frontendDir,
      configFile: `${frontendDir}/vite.config.ts`,
      logLevel: 'silent',
      server: { port: 0 },
    });
    try {
      // The entry and a component: both go with React Fast Refresh's transforms.
      for (const module of ['/src/main.tsx', '/src/components/ui/button.tsx']) {
        const served = await server.transformRequest(module);
        expect(served?.code, module).toContain('import.meta.hot');
      }
    } finally {
      await server.close();
    }
  });
});
