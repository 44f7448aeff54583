import type { Pool } from '@bank/infra';

export interface AccountFigures {
  /** Posted balance, in cents. */
  balance: number;
  /** Sum of holds not yet posted or released, in cents. */
  held: number;
}

/** Posted balance and open holds of every customer account, folded straight from the log. */
export async function accountsFromLog(pool: Pool): Promise<Map<string, AccountFigures>> {
  const { rows } = await pool.query<{
    type: string;
    account_id: string;
    hold_id: string | null;
    amount: string | null;
  }>(
    `SELECT type, data->>'accountId' AS account_id, data->>'holdId' AS hold_id, data->>'amount' AS amount
       FROM events
      WHERE type IN ('AccountCredited', 'AccountDebited', 'FundsHeld', 'HoldReleased')
      ORDER BY transaction_id, global_position`,
  );
  const figures = new Map<string, AccountFigures>();
  const holds = new Map<string, { accountId: string; amount: number }>();
  const of = (id: string) => {
    let f = figures.get(id);
    if (!f) figures.set(id, (f = { balance: 0, held: 0 }));
    return f;
  };
  const closeHold = (holdId: string | null) => {
    const hold = holdId ? holds.get(holdId) : undefined;
    if (!hold) return;
    of(hold.accountId).held -= hold.amount;
    holds.delete(holdId!);
  };
  for (const row of rows) {
    const f = of(row.account_id);
    const cents = Number(row.amount ?? 0);
    if (row.type === 'AccountCredited') f.balance += cents;
    else if (row.type === 'AccountDebited') {
      f.balance -= cents;
      closeHold(row.hold_id);
    } else if (row.type === 'FundsHeld') {
      f.held += cents;
      holds.set(row.hold_id!, { accountId: row.account_id, amount: cents });
    } else closeHold(row.hold_id);
  }
  return figures;
}

/** Coins per customer and symbol ("customerId|SYMBOL" → units of 10^-8), from the wallet events. */
export async function coinsFromLog(pool: Pool): Promise<Map<string, number>> {
  const { rows } = await pool.query<{
    type: string;
    customer: string;
    symbol: string;
    units: string;
  }>(
    `SELECT type, data->>'customerId' AS customer, data->>'symbol' AS symbol, data->>'units' AS units
       FROM events
      WHERE type IN ('CryptoBought', 'CryptoSold', 'CryptoDepositConfirmed', 'CryptoWithdrawn')`,
  );
  const coins = new Map<string, number>();
  for (const row of rows) {
    const sign = row.type === 'CryptoSold' || row.type === 'CryptoWithdrawn' ? -1 : 1;
    const key = `${row.customer}|${row.symbol}`;
    coins.set(key, (coins.get(key) ?? 0) + sign * Number(row.units));
  }
  return coins;
}

/** Every posting whose reference is one of `references`: how many legs each has in the log. */
export async function legsByReference(
  pool: Pool,
  references: string[],
): Promise<Map<string, number>> {
  if (references.length === 0) return new Map();
  const { rows } = await pool.query<{ reference: string; n: string }>(
    `SELECT data->>'reference' AS reference, count(*) AS n
       FROM events
      WHERE type IN ('AccountCredited', 'AccountDebited', 'FundsHeld')
        AND data->>'reference' = ANY($1::text[])
      GROUP BY 1`,
    [references],
  );
  return new Map(rows.map((r) => [r.reference, Number(r.n)]));
}
