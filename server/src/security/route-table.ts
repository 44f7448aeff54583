import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  url: string;
  /**
   * Other spellings of the same route's parameters. The router keys parametric nodes by
   * position, not name, so `/transfers/:type` and `/transfers/:id/repeat` print as `:id|:type`
   * and hasRoute accepts either name: the table cannot say which name belongs to which route.
   */
  spellings: string[];
}

/**
 * Every registered route of the app under `prefix`, read from Fastify's own route tree
 * (printRoutes) and confirmed one by one with hasRoute.
 */
export function routeTable(app: FastifyInstance, prefix = '/api'): RouteEntry[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const found = new Map<string, RouteEntry>();
  let path: string[] = [];
  for (const line of tree.split('\n')) {
    const branch = /(├── |└── )/.exec(line);
    if (!branch) continue;
    const depth = branch.index / 4;
    const node = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(branch.index + 4))!;
    path = [...path.slice(0, depth), node[1]!];
    if (!node[2]) continue;
    const urls = spellings(path.join(''));
    const url = urls[0]!;
    if (!url.startsWith(prefix)) continue;
    // A wildcard serves static files (the API reference page's assets): no id, no customer data.
    if (url.endsWith('*')) continue;
    for (const method of node[2].split(', ')) {
      if (method === 'HEAD') continue;
      if (!app.hasRoute({ method: method as 'GET', url })) {
        throw new Error(`The route tree lists ${method} ${url}, which the router does not know`);
      }
      found.set(`${method} ${url}`, { method, url, spellings: urls });
    }
  }
  return [...found.values()].sort((a, b) =>
    `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`),
  );
}

/** `/a/:id|:type/b` → `/a/:id/b` and `/a/:type/b`. */
function spellings(url: string): string[] {
  const match = /:[\w]+(\|:[\w]+)+/.exec(url);
  if (!match) return [url];
  return match[0]
    .split('|')
    .flatMap((name) =>
      spellings(url.slice(0, match.index) + name + url.slice(match.index + match[0].length)),
    );
}

/** The path parameters of a route (`:id`, `:accountId`, ...). */
export function pathParams(url: string): string[] {
  return [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
}
