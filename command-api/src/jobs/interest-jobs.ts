import { accountProduct, streams } from '@bank/events';
import { deterministicUuid, referenceNumber } from '@bank/infra';
import { transactionLineId } from '@bank/projections';
import { accountAggregate, decideAccount } from '../domain/account/account.ts';
import { decideMonthlyInterest } from '../domain/interest/interest.ts';
import type { CommandContext } from '../services/context.ts';
import { accountsOpenedBefore, afterMonthEndJobModule, lastClosedMonth } from './statement-jobs.ts';

export const PAY_INTEREST_JOB = 'pay-interest';
const CHUNK = 500;

/** One entry id per account and month: the account refuses a second credit of it. */
export const interestEntryId = (accountId: string, month: string) =>
  deterministicUuid(`interest:${accountId}:${month}`);

/**
 * Pays each open account with a positive rate its interest for the bank month that ended last
 * before `now`, from its end-of-day balances over that month.
 *
 * The balances are computed from the account's own event stream, not from the transactions read
 * model: a projection may lag behind the log, and interest computed on a balance it has not caught
 * up with would be wrong for good. The stream is read in the same command that appends the credit,
 * and the append expects the version the decision was taken on: a posting landing in between makes
 * the command decide again on what is stored.
 *
 * Exactly once: the entry id is derived from the account and month, and the account aggregate
 * refuses a second interest credit with an entry id it already holds. Two runs (a retry, a second
 * jobs process, a crash after some accounts) decide on the stream; the one whose append lands
 * first pays, the other conflicts on the expected version, decides again and finds it paid.
 */
export async function payMonthlyInterest(
  ctx: CommandContext,
  now = new Date(),
): Promise<{ month: string; paid: number; cents: number }> {
  const { month, end } = lastClosedMonth(now);
  const earning = (await accountsOpenedBefore(ctx, end)).filter(
    (a) => accountProduct(a.product_code).rateBasisPoints > 0,
  );
  let paid = 0;
  let cents = 0;
  for (let i = 0; i < earning.length; i += CHUNK) {
    const chunk = earning.slice(i, i + CHUNK).map((a) => {
      const entryId = interestEntryId(a.account_id, month);
      return {
        accountId: a.account_id,
        stream: streams.account(a.account_id),
        entryId,
        line: transactionLineId(entryId, a.account_id, 'credit'),
      };
    });
    // A cheap look first, by the history lines' primary key, so an hourly run after the month was
    // paid reads no account's stream. Only a shortcut (a lagging read model means work done
    // again, nothing more): the account aggregate is what refuses a second payment.
    const { rows: done } = await ctx.pool.query<{ id: string }>(
      'SELECT id FROM rm_transactions WHERE id = ANY($1)',
      [chunk.map((a) => a.line)],
    );
    const already = new Set(done.map((r) => r.id));
    for (const account of chunk.filter((a) => !already.has(a.line))) {
      const outcome = await ctx.bus.execute({ actor: 'system:interest' }, async (uow) => {
        const loaded = await uow.load(account.stream, accountAggregate);
        const recorded = await ctx.bus.store.readStream(account.stream);
        const events = recorded.filter((r) => r.streamVersion <= loaded.version);
        if (events.length < loaded.version) {
          // Decided on a state whose events are not all stored yet: try again on what is stored.
          throw new Error(`The stream ${account.stream} is behind the state it was decided on.`);
        }
        const command = decideMonthlyInterest({
          state: loaded.state,
          events,
          month,
          entryId: account.entryId,
          reference: referenceNumber('INT', account.entryId),
        });
        if (!command) return 0;
        uow.append(account.stream, decideAccount(command, loaded.state));
        return command.type === 'Credit' ? command.posting.amount : 0;
      });
      if (outcome.appended && outcome.result > 0) {
        paid += 1;
        cents += outcome.result;
      }
    }
  }
  return { month, paid, cents };
}

/** Interest is paid soon after month end. */
export const interestJobModule = afterMonthEndJobModule(PAY_INTEREST_JOB, (ctx) =>
  payMonthlyInterest(ctx),
);
