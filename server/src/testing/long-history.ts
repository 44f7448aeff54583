import type { TestBank } from './test-bank.ts';

/**
 * Makes an account's history as long as a customer could make it within the limits (thousands of
 * $1 moves a day): `copies` more of each of its credits, each a posting of its own, sealed
 * description and all. Written straight into the log, beside the read models.
 */
export async function repeatCredits(bank: TestBank, accountId: string, copies: number) {
  await bank.ownerPool.query(
    `INSERT INTO events (event_id, stream_id, stream_version, type, data, metadata)
     SELECT gen_random_uuid(), stream_id, stream_version + copy, type,
            jsonb_set(data, '{entryId}', to_jsonb(gen_random_uuid()::text)), metadata
     FROM events, generate_series(1, $2::int) copy
     WHERE stream_id = $1 AND type = 'AccountCredited'`,
    [`account-${accountId}`, copies],
  );
}
