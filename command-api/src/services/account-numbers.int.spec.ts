import { streams } from '@bank/events';
import { describe, expect, it } from 'vitest';
import { useTestCommandBus } from '../kernel/test-command-bus.ts';
import { claimNumber, lastFour } from './account-numbers.ts';
import { BANK_ROUTING_NUMBER, type CommandContext } from './context.ts';
import { registerCustomer } from './registration.ts';

const harness = useTestCommandBus();

/** Hands out the given numbers in turn, as if the random picks had landed on them. */
function scripted(...numbers: string[]) {
  let next = 0;
  return () => {
    const number = numbers[next];
    next += 1;
    if (number === undefined) throw new Error('ran out of scripted numbers');
    return number;
  };
}

describe('account numbers', () => {
  it("pass over a pick that ends like another of the customer's accounts", async () => {
    const digits = scripted('511111111234', '522222221234', '533333335678');
    const { result } = await harness.bus.execute({}, (uow) =>
      claimNumber(
        uow,
        'bank_account',
        { customerId: crypto.randomUUID(), accountId: crypto.randomUUID() },
        { avoidLastFours: ['1234'], digits },
      ),
    );
    expect(result).toBe('533333335678');
  });

  it('give the four accounts of a new customer four different last fours', async () => {
    // Every random pick ends in 4321 until the script runs into other endings.
    const digits = scripted(
      '600000004321', // the customer's own number, carried by checking
      '611111114321',
      '612222224321',
      '613333331111',
      '614444441111',
      '615555552222',
      '616666661111',
      '617777772222',
      '618888883333',
    );
    const ctx = {
      bus: harness.bus,
      routingNumber: BANK_ROUTING_NUMBER,
    } as unknown as CommandContext;
    const id = crypto.randomUUID().slice(0, 8);
    const { result } = await registerCustomer(
      ctx,
      {
        name: 'Ana Lopez',
        email: `ana-${id}@example.com`,
        password: 'a-long-enough-password',
        phone: `555${String(parseInt(id, 16) % 10_000_000).padStart(7, '0')}`,
        date_of_birth: '1990-04-02',
        address: '1 Main St',
        city: 'Austin',
        state: 'TX',
        zip_code: '78701',
      },
      {},
      { digits },
    );
    const numbers = result.accounts.map((a) => a.accountNumber);
    expect(numbers).toEqual(['600000004321', '613333331111', '615555552222', '618888883333']);
    expect(new Set(numbers.map(lastFour)).size).toBe(4);
    // What was stored on the accounts, not only what was answered.
    const stored = [];
    for (const account of result.accounts) {
      const [opened] = await harness.store.readStream(streams.account(account.accountId));
      stored.push((opened!.event.data as { accountNumber: string }).accountNumber);
    }
    expect(stored).toEqual(numbers);
  });
});
