import { launchUntilReady, type LaunchedProcess } from './process-launcher.ts';

export interface ServiceProcess extends LaunchedProcess {
  /** The npm script it runs. */
  name: string;
}

/**
 * Runs `npm run <script>` as its own process group (npm, tsx and node), exactly as an operator
 * would, on a port of its choosing, and resolves once it prints "ready on <url>".
 */
export async function startService(
  script: string,
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ServiceProcess> {
  const launched = await launchUntilReady({
    label: script,
    command: 'npm',
    args: ['run', '--silent', script],
    env: { PORT: '0', ...env },
    timeoutMs,
  });
  return { ...launched, name: script };
}
