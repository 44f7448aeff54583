import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const frontendDir = fileURLToPath(new URL('..', import.meta.url));

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('npm run dev -w frontend', () => {
  it('serves the web app from its sources with React Fast Refresh', async () => {
    // As a developer runs it, in a process of its own.
    const port = await freePort();
    const dev = spawn(
      'npx',
      ['vite', '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
      {
        cwd: frontendDir,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      },
    );
    let output = '';
    dev.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    dev.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await expect.poll(() => output, { timeout: 60_000, interval: 200 }).toContain('ready in');
      // The entry and a component: both go through React Fast Refresh's transforms.
      for (const module of ['/src/main.tsx', '/src/components/ui/button.tsx']) {
        const served = await fetch(`http://127.0.0.1:${port}${module}`);
        const code = await served.text();
        expect(served.status, `${module}: ${code.slice(0, 300)}\n${output}`).toBe(200);
        expect(code, module).toContain('import.meta.hot');
      }
    } finally {
      process.kill(-dev.pid!, 'SIGTERM');
    }
  }, 120_000);
});
