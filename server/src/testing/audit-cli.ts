import { PassThrough } from 'node:stream';
import type { Pool } from '@bank/infra';
import type { KeySettings } from '../bank-store.ts';
import { runAudit } from '../cli/audit-commands.ts';

/**
 * Runs `npm run audit -- …` in process on `pool` (with the bank's secrets key where `secrets`
 * gives it): its exit code, stdout lines and stderr text.
 */
export function auditCli(pool: () => Pool, secrets?: () => KeySettings) {
  return async (...argv: string[]) => {
    const lines: string[] = [];
    const err = new PassThrough();
    let errText = '';
    err.on('data', (chunk) => (errText += String(chunk)));
    const code = await runAudit(pool(), argv, {
      out: (line) => lines.push(line),
      err,
      ...(secrets ? { secrets: secrets() } : {}),
    });
    return { code, out: lines.join('\n'), err: errText };
  };
}
