import { createPool, type Pool } from '@bank/infra';
import { startBankProcess, type BankProcess } from '../reliability/bank-process.ts';
import { bankProcessEnv } from '../testing/service-process.ts';
import { httpJson } from '../testing/http-json.ts';

export interface Reply {
  status: number;
  body: any;
  /** The stored answer of an earlier request with the same Idempotency-Key. */
  replayed: boolean;
}

/**
 * The whole bank as its own process (so it can be killed mid-request and restarted), on a fresh
 * database and the test run's Redis, spoken to over real HTTP.
 */
export interface SimBank {
  readonly opsToken: string;
  readonly pool: Pool;
  /** One HTTP request; a network error (the bank was killed) is thrown. */
  call(
    method: 'GET' | 'POST',
    url: string,
    token: string | undefined,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Reply>;
  /** SIGKILL, then a fresh process on the same stores. */
  crash(): Promise<void>;
  /** Output of the current process, for the cause of a failure. */
  output(): string;
  stop(): Promise<void>;
}

export async function startSimBank(): Promise<SimBank> {
  const { env, databaseUrl, opsToken, base } = await bankProcessEnv('sim', {
    // A reported crypto deposit is looked at by the confirmation job at once, not after a minute.
    CRYPTO_DEPOSIT_CONFIRMATION_MS: '0',
  });
  let bank: BankProcess = await startBankProcess(env);
  const pool = createPool(databaseUrl, 4);
  return {
    opsToken,
    pool,
    async call(method, url, token, body, headers = {}) {
      const response = await httpJson(base, method, url, token, body, headers, 60_000);
      return {
        status: response.status,
        body: response.body,
        replayed: response.headers.get('idempotent-replayed') === 'true',
      };
    },
    async crash() {
      await bank.kill();
      bank = await startBankProcess(env);
    },
    output: () => bank.output(),
    async stop() {
      await bank.stop();
      await pool.end();
    },
  };
}
