import type { CommandContext } from './context.ts';

/** The least time between two reset links of one customer. */
export const RESET_LINK_COOLDOWN_SECONDS = 60;
/**
 * The most reset links one customer is issued in an hour (the time a link lasts). No more are
 * kept per customer than this, so every link still within its hour is counted.
 */
export const RESET_LINKS_PER_HOUR = 5;

/**
 * Whether a customer may be issued another reset link now: none issued in the last minute, and
 * fewer than RESET_LINKS_PER_HOUR in the last hour. Anyone who knows an account number may ask
 * for its links, so without a limit every request was an email to the customer (seven in three
 * seconds), and with each new link ending the one before, a stranger could keep cancelling the
 * link a locked-out customer was about to open. A request refused here is answered, and takes,
 * exactly what any other does; it only issues nothing. Asked while holding the customer's reset
 * lock, so two requests at once cannot both pass.
 */
export async function mayIssueResetLink(
  db: Pick<CommandContext['pool'], 'query'>,
  customerId: string,
): Promise<boolean> {
  const { rows } = await db.query<{ last_minute: number; last_hour: number }>(
    `SELECT count(*) FILTER (WHERE created_at > now() - make_interval(secs => $2))::int AS last_minute,
            count(*) FILTER (WHERE created_at > now() - interval '1 hour')::int AS last_hour
     FROM password_resets WHERE customer_id = $1`,
    [customerId, RESET_LINK_COOLDOWN_SECONDS],
  );
  const { last_minute, last_hour } = rows[0]!;
  return last_minute === 0 && last_hour < RESET_LINKS_PER_HOUR;
}
