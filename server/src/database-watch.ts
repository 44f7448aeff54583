import { isUnavailableError, type BankLogger, type Pool } from '@bank/infra';

export interface DatabaseWatch {
  /**
   * Whether `error` says PostgreSQL cannot be reached. The outage is then logged here, once, and
   * the caller logs nothing: every projection loop and job retries every few seconds, and a line
   * from each would bury the one that says what is wrong.
   */
  unreachable(error: unknown): boolean;
  stop(): void;
}

/**
 * One line when PostgreSQL becomes unreachable and one when it is reachable again, as the Redis
 * watch does for Redis. Errors only tell that it went; while it is gone a probe asks it every
 * `probeEveryMs` whether it is back (the loops that failed may be waiting longer than that).
 */
export function watchDatabase(
  pool: Pool,
  logger: BankLogger,
  options: { probeEveryMs?: number } = {},
): DatabaseWatch {
  let probe: NodeJS.Timeout | undefined;
  let asking = false;
  const ask = async () => {
    if (asking) return;
    asking = true;
    try {
      await pool.query('SELECT 1');
      clearInterval(probe);
      probe = undefined;
      logger.info('PostgreSQL is reachable again: projections and jobs carry on');
    } catch {
      // Still down: the next probe asks again.
    } finally {
      asking = false;
    }
  };
  return {
    unreachable(error) {
      if (!isUnavailableError(error)) return false;
      if (!probe) {
        logger.error(
          { err: (error as Error | undefined)?.message },
          'PostgreSQL is unreachable: projections and jobs wait until it is back',
        );
        probe = setInterval(() => void ask(), options.probeEveryMs ?? 1000);
        probe.unref();
      }
      return true;
    },
    stop() {
      clearInterval(probe);
      probe = undefined;
    },
  };
}
