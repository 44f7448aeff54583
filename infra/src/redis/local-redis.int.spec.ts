import { spawn } from 'node:child_process';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from '../testing/free-port.ts';

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

describe('startLocalRedis', () => {
  it('stops its redis-server when the process that started it crashes', async () => {
    const port = await freePort();
    // A separate Node process starts the server, reports it up, then dies of an uncaught error.
    const owner = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import { startLocalRedis } from ${JSON.stringify(new URL('./local-redis.ts', import.meta.url).pathname)};
         await startLocalRedis({ port: ${port} });
         console.log('up');
         setTimeout(() => { throw new Error('crash'); }, 50);`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    owner.stdout.on('data', (chunk) => (output += chunk));
    const exitCode = await new Promise<number | null>((resolve) => owner.once('exit', resolve));
    expect(output).toContain('up');
    expect(exitCode).not.toBe(0);
    let stillUp = true;
    for (let i = 0; i < 40 && stillUp; i++) {
      stillUp = await listening(port);
      if (stillUp) await new Promise((r) => setTimeout(r, 50));
    }
    expect(stillUp).toBe(false);
  }, 20_000);
});
