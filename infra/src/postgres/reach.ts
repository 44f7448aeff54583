import pg from 'pg';

/** Where a PostgreSQL URL points (role@host:port/database), never its password. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${decodeURIComponent(parsed.username)}@${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
  } catch {
    return 'a URL that does not parse';
  }
}

/**
 * Why PostgreSQL at `url` does not take a connection (a wrong password, an unknown database or
 * host, nothing listening), or undefined once it does. The reason never holds the password.
 */
export async function databaseRefusal(
  url: string,
  timeoutMs = 10_000,
): Promise<string | undefined> {
  let password: string;
  try {
    password = decodeURIComponent(new URL(url).password);
  } catch {
    return 'the URL does not parse';
  }
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => {});
  try {
    await client.connect();
    return undefined;
  } catch (error) {
    const reason = (error as Error).message || String((error as { code?: string }).code);
    return password ? reason.replaceAll(password, '***') : reason;
  } finally {
    await client.end().catch(() => {});
  }
}
