/** One instance's answer to the edge's probe of its /api/health. */
export interface InstanceHealth {
  /** It answered 200. */
  up: boolean;
  /** The events parked for ops that it reported (`parkedEvents`), if it reports them. */
  parkedEvents?: number;
}

export interface EdgeHealth {
  /** Every service has at least one healthy instance: the bank as a whole can serve. */
  ready: boolean;
  /** Each instance (`<service>#<n>`): whether it answered 200. */
  services: Record<string, boolean>;
  /** The instances that did not, while others of their service carry on. */
  degraded: string[];
  /** Per service: its healthy instances out of those configured. */
  roles: Record<string, { healthy: number; instances: number }>;
  /**
   * Events parked for ops, as the instances that read them report (they share one table; the
   * highest count, should they have read it at different moments); null when none reports it.
   * Parked events leave every instance healthy, so this is where the aggregate shows them.
   */
  parkedEvents: number | null;
}

/** The service an instance name (`projections#2`) belongs to. */
function serviceOf(instance: string): string {
  return instance.replace(/#\d+$/, '');
}

/**
 * The edge's verdict over every instance. One lost replica leaves the bank serving through the
 * others, so it is named in `degraded`, and only a service with no healthy instance left makes the
 * bank not ready: a load balancer probing the edge must not take the whole bank out for one.
 */
export function aggregateHealth(instances: Record<string, InstanceHealth>): EdgeHealth {
  const services: Record<string, boolean> = {};
  const roles: EdgeHealth['roles'] = {};
  for (const [name, { up }] of Object.entries(instances)) {
    services[name] = up;
    const role = (roles[serviceOf(name)] ??= { healthy: 0, instances: 0 });
    role.instances += 1;
    if (up) role.healthy += 1;
  }
  const parked = Object.values(instances).flatMap((i) =>
    i.parkedEvents === undefined ? [] : [i.parkedEvents],
  );
  return {
    ready: Object.values(roles).every((role) => role.healthy > 0),
    parkedEvents: parked.length > 0 ? Math.max(...parked) : null,
    services,
    degraded: Object.keys(services).filter((name) => !services[name]),
    roles,
  };
}
