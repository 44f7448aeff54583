import { metricsRegistry } from '@bank/infra';
import { Counter, Gauge } from 'prom-client';
import type { ApiService } from './api-routes.ts';
import type { UpstreamPool } from './upstream-pool.ts';

/** The edge's own metrics, in the process's registry beside Node's and the connection guard's. */
const registers = [metricsRegistry];

export const edgeRequests = new Counter({
  name: 'bank_edge_requests_total',
  help: 'Requests the edge passed to a service (or answered for it: 503 when none was reachable), by service and status.',
  labelNames: ['service', 'status'] as const,
  registers,
});

export const edgeUpstreamUnreachable = new Counter({
  name: 'bank_edge_upstream_unreachable_total',
  help: 'Requests the edge could not deliver to an instance, which then left the rotation.',
  labelNames: ['instance'] as const,
  registers,
});

/** Each running edge's instances, read when scraped. */
const rotations = new Set<() => { instance: string; inRotation: boolean }[]>();

new Gauge({
  name: 'bank_edge_instance_in_rotation',
  help: 'Whether the edge sends requests to this instance (0: taken out as unreachable until its health check answers).',
  labelNames: ['instance'] as const,
  registers,
  collect() {
    this.reset();
    for (const read of rotations) {
      for (const { instance, inRotation } of read()) this.set({ instance }, inRotation ? 1 : 0);
    }
  },
});

/** The instance's name in metrics and health: `query-api#2` for the second query-api URL. */
export function instanceNames(upstreams: Record<ApiService, string[]>): Map<string, string> {
  const names = new Map<string, string>();
  for (const service of Object.keys(upstreams) as ApiService[]) {
    upstreams[service].forEach((base, i) => names.set(base, `${service}#${i + 1}`));
  }
  return names;
}

/** Reports `pool`'s rotation while it runs; the returned function stops that. */
export function watchRotation(pool: UpstreamPool, names: Map<string, string>): () => void {
  const read = () =>
    [...names].map(([base, instance]) => ({ instance, inRotation: !pool.isDown(base) }));
  rotations.add(read);
  return () => rotations.delete(read);
}
