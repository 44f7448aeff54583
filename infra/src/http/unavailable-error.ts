/**
 * Socket error codes of a server that went away, or cannot be reached, while a connection was
 * being made or used. A write to a connection the server has just closed fails with EPIPE.
 */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** PostgreSQL's own codes for a server shutting down, starting up or full. */
const SERVER_CODES = new Set([
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);

/**
 * node-postgres's errors carry no code when they come from the connection rather than the
 * server: a connection cut, a connect that timed out, or a client used after its connection
 * failed or was closed (what a query on a checked-out client gets once the server has stopped),
 * or a query whose answer did not come within the bound set on it (a server that hangs).
 */
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED|is not queryable|Query read timeout/i;

/** Errors that mean PostgreSQL (or Redis) cannot be reached right now. */
export function isUnavailableError(error: unknown): boolean {
  const { code, syscall } = (error ?? {}) as { code?: unknown; syscall?: unknown };
  const text = String((error as Error | undefined)?.message ?? '');
  return (
    (typeof code === 'string' && (SOCKET_CODES.has(code) || SERVER_CODES.has(code))) ||
    // A server reached through its Unix-domain socket: the socket file is gone while it is down.
    (code === 'ENOENT' && syscall === 'connect') ||
    CONNECTION_MESSAGES.test(text)
  );
}
