import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchUntilReady, type LaunchedProcess } from '../testing/process-launcher.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

export type BankProcess = LaunchedProcess;

/** Starts `crash-bank.ts` as a child process (its own process group) and waits until it serves. */
export function startBankProcess(
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<BankProcess> {
  return launchUntilReady({
    label: 'bank',
    command: process.execPath,
    args: ['--import', 'tsx', path.join(here, 'crash-bank.ts')],
    env,
    timeoutMs,
  });
}
