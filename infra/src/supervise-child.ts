import type { ChildProcess } from 'node:child_process';
import { embeddedRestarts } from './observability/metrics.ts';

/** The first wait before a restart; each failure in a row doubles it, up to MAX_DELAY_MS. */
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;
/** A server that has run this long counts as healthy again: its next exit waits FIRST_DELAY_MS. */
const STEADY_MS = 60_000;

export interface ChildSupervisor {
  /** Restarts no more (the owner is stopping the server): call before stopping it. */
  stop(): void;
  /** The server's process now (the latest restart's), or undefined between restarts. */
  current(): ChildProcess | undefined;
}

/**
 * Watches a server process the bank started itself (the embedded PostgreSQL, the local Redis)
 * and starts it again when it exits without being asked to: killed, crashed, or shut down by
 * hand. Without this the bank would run on without it (no jobs without Redis, nothing at all
 * without PostgreSQL) until someone noticed. Each restart is one warn line and counted in
 * bank_embedded_restarts_total; failures in a row wait longer (1 s, 2 s, 4 s… up to 30 s), so a
 * server that cannot start (its port taken, its disk full) is not hammered.
 */
export function superviseChild(options: {
  service: 'redis' | 'postgres';
  /** What the warn lines call it, e.g. "redis-server". */
  name: string;
  child: ChildProcess;
  /** Starts the server again with the same settings, resolving once it serves. */
  restart: () => Promise<ChildProcess>;
  warn: (line: string) => void;
}): ChildSupervisor {
  let stopped = false;
  let child: ChildProcess | undefined;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;

  const watch = (server: ChildProcess) => {
    child = server;
    const startedAt = Date.now();
    server.once('exit', (code, signal) => {
      if (child === server) child = undefined;
      if (stopped) return;
      if (Date.now() - startedAt >= STEADY_MS) failures = 0;
      schedule(`exited unexpectedly (${signal ?? `code ${code}`})`);
    });
  };

  const schedule = (why: string) => {
    const delay = Math.min(FIRST_DELAY_MS * 2 ** failures, MAX_DELAY_MS);
    failures += 1;
    timer = setTimeout(() => {
      timer = undefined;
      if (stopped) return;
      // Said when the restart begins, not at the exit: a Ctrl-C reaches the server and the bank
      // at once, and the bank's stop, coming within the wait, must leave no line behind.
      embeddedRestarts.inc({ service: options.service });
      options.warn(`${options.name} ${why}: restarting it (after ${delay / 1000} s)`);
      options.restart().then(
        (server) => {
          if (stopped) server.kill('SIGTERM');
          else watch(server);
        },
        (error: unknown) => {
          if (!stopped) schedule(`did not start again (${(error as Error)?.message ?? error})`);
        },
      );
    }, delay);
    // A restart pending must not keep a process alive that is otherwise done.
    timer.unref();
  };

  watch(options.child);
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
    current: () => child,
  };
}
