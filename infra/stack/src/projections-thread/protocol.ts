/** What the bank's main thread and its projections thread say to each other. */
export interface ProjectionThreadData {
  databaseUrl: string;
  /** The secrets key in hex: the thread opens sealed personal data as the projections need it. */
  secretsKeyHex: string;
  poolSize: number;
}

export type ToThread = { kind: 'wake' } | { kind: 'stop' };

export type FromThread =
  | { kind: 'started' }
  | { kind: 'projection-error'; projection: string; message: string }
  | { kind: 'failed'; message: string };
