/**
 * How many processes of each service scale mode runs: the flow test starts exactly these (with
 * `npm run <script>`, as the README says), and docker-compose.yml must run the same (its test).
 * The edge is one Node process here; compose puts nginx in front of it.
 */
export const SCALE_TOPOLOGY = {
  'start:command-api': 2,
  'start:query-api': 1,
  'start:projections': 2,
  'start:jobs': 1,
  'start:edge': 1,
} as const;

export type ServiceScript = keyof typeof SCALE_TOPOLOGY;
