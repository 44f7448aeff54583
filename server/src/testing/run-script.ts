import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * `npm run <script>` as a person would run it, from the repository's root, with its standard
 * output kept apart from its standard error; stopped (SIGTERM) once `until` sees what it waits
 * for in the output, killed after 90 s.
 */
export function runScript(
  script: string,
  env: Record<string, string>,
  until: (out: string) => boolean,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 90_000);
    child.stdout.on('data', (chunk) => {
      stdout += String(chunk);
      if (until(stdout)) process.kill(-child.pid!, 'SIGTERM');
    });
    child.stderr.on('data', (chunk) => (stderr += String(chunk)));
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** A process's JSON log lines (what it writes when its output is no terminal). */
export const jsonLines = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as { level: number; msg: string; [key: string]: unknown });
