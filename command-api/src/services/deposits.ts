import { randomUUID } from 'node:crypto';
import { centsToDollars, ledgerAccounts, streams } from '@bank/events';
import { fieldError, ok, referenceNumber, type EventMetadata } from '@bank/infra';
import { accountAggregate, decideAccount } from '../domain/account/account.ts';
import { customerAggregate } from '../domain/customer/customer.ts';
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
 * Teller cash over the counter: a deposit credits the customer account and debits the teller's
 * cash; a withdrawal (paying a customer out, as when they close their accounts before an erasure)
 * debits the account, never below what is available, and credits the cash.
 * Through the money pipeline, so a teller's retry under the same Idempotency-Key moves money once,
 * and the same movement sent again without a key within 60 seconds (a CLI run again after a
 * timeout) is refused as a duplicate: teller cash counts against no customer's activity, so the
 * movement duplicate check does not see it.
 *
 * Nothing moves on an erased customer's account: the bank could no longer pay it to anyone.
 * The account decider refuses a closed account (an erasure closes them), and the append is checked
 * against the version read, so a deposit racing an erasure is decided again on the closed account
 * (or, landing first, makes the erasure decide again and refuse for the money). The customer's own
 * stream is read too, for customers erased before accounts were closed with them.
 */
export async function tellerCash(
  ctx: CommandContext,
  input: {
    direction: 'deposit' | 'withdrawal';
    accountNumber: string;
    amountCents: number;
    description: string;
  },
  identity: RequestIdentity,
  metadata: EventMetadata,
) {
  const accountId = await accountIdByNumber(ctx, input.accountNumber);
  if (!accountId) throw fieldError({ account_number: ['No account has this account number.'] });
  const deposit = input.direction === 'deposit';
  return runMoneyCommand(ctx, refusingRepeats(identity), metadata, async (uow) => {
    const entryId = randomUUID();
    const reference = referenceNumber(deposit ? 'DEP' : 'WDL', entryId);
    const stream = streams.account(accountId);
    const account = await uow.load(stream, accountAggregate);
    const owner = await uow.load(streams.customer(account.state.customerId), customerAggregate);
    if (account.state.closed || owner.state.erased) {
      throw fieldError({
        account_number: [
          `This account is closed: its customer has been erased. Nothing was ${deposit ? 'posted' : 'paid out'}.`,
        ],
      });
    }
    uow.append(
      stream,
      decideAccount(
        {
          type: deposit ? 'Credit' : 'Debit',
          posting: {
            accountId,
            entryId,
            amount: input.amountCents,
            description: input.description,
            kind: input.direction,
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
        deposit ? 'Deposit posted' : 'Withdrawal paid out',
      ),
    };
  });
}
