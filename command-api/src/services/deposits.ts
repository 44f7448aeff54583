import { randomUUID } from 'node:crypto';
import { centsToDollars, ledgerAccounts, streams } from '@bank/events';
import { fieldError, ok, referenceNumber, type EventMetadata } from '@bank/infra';
import { accountAggregate, decideAccount } from '../domain/account/account.ts';
import { reservationAggregate } from '../domain/reservation.ts';
import type { CommandContext } from './context.ts';
import { refusingRepeats, runMoneyCommand, type RequestIdentity } from './idempotency.ts';

export const MAX_TELLER_DEPOSIT_CENTS = 10_000_000_00;

/** Finds a bank account by its 12-digit number (as GET /accounts shows it). */
export async function accountIdByNumber(
  ctx: CommandContext,
  accountNumber: string,
): Promise<string | undefined> {
  const events = await ctx.bus.store.readStream(streams.reservation('bank_account', accountNumber));
  const state = events.reduce(
    (s, e) => reservationAggregate.evolve(s, e.event as never),
    reservationAggregate.initial(),
  );
  return state?.accountId;
}

/**
 * A teller cash deposit: the customer account is credited, the teller cash account debited.
 * Through the money pipeline, so a teller's retry under the same Idempotency-Key deposits once,
 * and the same deposit sent again without a key within 60 seconds (a CLI run again after a
 * timeout) is refused as a duplicate: a deposit counts against no customer's activity, so the
 * movement duplicate check does not see it.
 */
export async function tellerDeposit(
  ctx: CommandContext,
  input: { accountNumber: string; amountCents: number; description: string },
  identity: RequestIdentity,
  metadata: EventMetadata,
) {
  const accountId = await accountIdByNumber(ctx, input.accountNumber);
  if (!accountId) throw fieldError({ account_number: ['No account has this account number.'] });
  return runMoneyCommand(ctx, refusingRepeats(identity), metadata, async (uow) => {
    const entryId = randomUUID();
    const reference = referenceNumber('DEP', entryId);
    const stream = streams.account(accountId);
    const account = await uow.load(stream, accountAggregate);
    uow.appendAny(
      stream,
      decideAccount(
        {
          type: 'Credit',
          posting: {
            accountId,
            entryId,
            amount: input.amountCents,
            description: input.description,
            kind: 'deposit',
            contra: ledgerAccounts.cash,
            reference,
          },
        },
        account.state,
      ),
    );
    return {
      statusCode: 201,
      body: ok(
        {
          account_id: accountId,
          reference_number: reference,
          amount: centsToDollars(input.amountCents),
        },
        'Deposit posted',
      ),
    };
  });
}
