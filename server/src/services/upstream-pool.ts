import type { ApiService } from './api-routes.ts';

/** Connection errors that mean the instance is gone: refused, or its socket closed under us. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'UND_ERR_SOCKET']);

export function isUnreachable(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as never) {
    if (e.code && UNREACHABLE.has(e.code)) return true;
  }
  return false;
}

export interface UpstreamPool {
  /** The next instance of the service, round-robin, skipping those found unreachable. */
  pick(service: ApiService): string;
  /** Takes an instance out of rotation until its health check answers again. */
  markDown(base: string): void;
  isDown(base: string): boolean;
  close(): void;
}

/**
 * Round-robin over each service's instances. An instance a request could not reach (killed,
 * restarting) leaves the rotation at once and comes back when its /api/health answers, so a dead
 * instance costs the requests in flight when it died, not every n-th request after. With every
 * instance down, the rotation tries them anyway (the alternative is refusing everything).
 */
export function createUpstreamPool(
  upstreams: Record<ApiService, string[]>,
  probe: (url: string) => Promise<boolean>,
  recheckMs = 500,
): UpstreamPool {
  const next: Record<ApiService, number> = { 'command-api': 0, 'query-api': 0 };
  const down = new Map<string, NodeJS.Timeout>();
  return {
    pick(service) {
      const bases = upstreams[service];
      if (bases.length === 0) throw new Error(`No ${service} instance configured`);
      for (let tried = 0; tried < bases.length; tried += 1) {
        next[service] = (next[service] + 1) % bases.length;
        const base = bases[next[service]]!;
        if (!down.has(base)) return base;
      }
      return bases[next[service]]!;
    },
    markDown(base) {
      if (down.has(base)) return;
      const timer = setInterval(() => {
        void probe(`${base}/api/health`).then((up) => {
          if (!up || !down.has(base)) return;
          clearInterval(down.get(base));
          down.delete(base);
        });
      }, recheckMs);
      timer.unref();
      down.set(base, timer);
    },
    isDown: (base) => down.has(base),
    close() {
      for (const timer of down.values()) clearInterval(timer);
      down.clear();
    },
  };
}
