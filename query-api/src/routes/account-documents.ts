import {
  DIRECT_DEPOSIT_REFUSAL,
  DISPUTE_MESSAGES,
  disputeRefusal,
  fileBody,
  monthlyStatementAnswer,
  monthlyStatementData,
  receiptAnswer,
  statementMonthsAnswer,
  takesDirectDeposit,
} from '@bank/contracts';
import { centsToDollars } from '@bank/events';
import {
  fieldError,
  notFound,
  ok,
  requireCustomer,
  sendLongAnswer,
  transactionIdText,
  type Pool,
  type SessionStore,
} from '@bank/infra';
import {
  accountInfo,
  balanceAfterPosting,
  buildStatement,
  monthPeriod,
  type DocumentJob,
  type Receipt,
  type Statement,
} from '@bank/audit';
import {
  accountDepositDetails,
  accountFirstActivity,
  disputeViewOf,
  findCustomerTransfer,
  findDisputeTicket,
  findReceiptLine,
} from '@bank/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DocumentDesk } from '../document-desk.ts';
import { maskAccountNumber } from '../views/accounts.ts';
import { cancellableFrom, movementEvents, movementTimeline } from '../views/receipts.ts';
import {
  isMonth,
  monthOf,
  monthStart,
  nextMonthStart,
  statementMonths,
} from '../views/statement-months.ts';
import { statementAnswer } from '../views/statement.ts';
import { transactionView } from '../views/transactions.ts';

const transactionParams = z.object({ transactionId: transactionIdText });
const accountParams = z.object({ accountId: z.uuid() });
const MONTH_MESSAGE = 'The month must be a year and month such as 2026-03.';
const NO_STATEMENT_MESSAGE = 'This account has no statement for that month: it had not opened yet.';
const statementParams = z.object({
  accountId: z.uuid(),
  month: z.string().max(20),
});
const statementQuery = z.object({
  format: z
    .enum(['json', 'csv', 'pdf', 'ofx'], { message: 'The format must be json, csv, pdf or ofx.' })
    .default('json'),
});

/** A customer's statement as each file it is downloaded as: the document drawn, and its type. */
const STATEMENT_FILES: Record<
  'pdf' | 'csv' | 'ofx',
  { type: string; job: (statement: Statement, toDate: boolean) => DocumentJob }
> = {
  pdf: {
    type: 'application/pdf',
    job: (statement, toDate) => ({
      kind: 'statement-pdf',
      statement,
      options: { audience: 'customer', toDate },
    }),
  },
  csv: {
    type: 'text/csv; charset=utf-8',
    job: (statement, toDate) => ({
      kind: 'statement-csv',
      statement,
      options: { totals: true, audience: 'customer', toDate },
    }),
  },
  ofx: {
    type: 'application/x-ofx',
    job: (statement) => ({ kind: 'statement-ofx', statement, options: { drawnAt: new Date() } }),
  },
};

const transferIdOf = z.uuid();
const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/**
 * The signed-in customer's documents: a receipt for every movement (JSON and PDF), monthly
 * statements per account (JSON, CSV, PDF and OFX) from the same log-derived statement code the
 * auditors use, and a direct deposit form per account (PDF). Another customer's transaction or account answers 404, as an unknown one does.
 * A receipt is found by its line's id or by the movement's reference number (what confirmation
 * screens know before the history shows the line).
 */
export const accountDocumentRoutes: FastifyPluginAsyncZod<{
  pool: Pool;
  sessions: SessionStore;
  openEvents?: (rows: { type: string; data: unknown }[]) => Promise<void>;
  documents: DocumentDesk;
}> = async (app, { pool, sessions, openEvents, documents }) => {
  app.addHook('onRequest', requireCustomer(sessions));

  /** The fee, total and expected arrival of the transfer to another bank a line belongs to. */
  const transferCosts = async (
    customerId: string,
    metadata: Record<string, unknown> | null,
  ): Promise<Receipt['transfer']> => {
    const transferId = transferIdOf.safeParse(metadata?.transfer_id);
    if (!transferId.success) return undefined;
    const transfer = await findCustomerTransfer(pool, customerId, transferId.data);
    // A move between own accounts or to a customer of this bank arrives at once; a failed or
    // cancelled transfer charged nothing (its amount and fee came back).
    if (!transfer || transfer.type === 'between-accounts' || transfer.type === 'same-bank') {
      return undefined;
    }
    if (transfer.status !== 'pending' && transfer.status !== 'completed') return undefined;
    return {
      feeCents: transfer.fee_cents,
      totalCents: transfer.amount_cents + transfer.fee_cents,
      expectedArrival:
        transfer.status === 'pending' ? (transfer.settle_after ?? undefined) : undefined,
    };
  };

  const loadReceipt = async (customerId: string, transactionId: string) => {
    const row = await findReceiptLine(pool, customerId, transactionId);
    if (!row) throw notFound();
    const account = await accountInfo(pool, row.account_id);
    if (!account) throw notFound();
    const events = await movementEvents(pool, row);
    const posting = events.find((e) => e.type === 'AccountCredited' || e.type === 'AccountDebited');
    const balanceAfter =
      posting === undefined
        ? undefined
        : await balanceAfterPosting(pool, account, posting.position);
    const metadata = row.metadata ?? {};
    const eurAmount = metadata.eur_amount;
    const rate = metadata.exchange_rate;
    const timeline = movementTimeline(events);
    const receipt: Receipt = {
      reference: row.reference_number,
      description: row.description,
      status: row.status,
      amount: row.direction === 'credit' ? row.amount_cents : -row.amount_cents,
      date: row.created_at,
      accountName: row.account_name,
      accountNumberMasked: maskAccountNumber(row.account_number),
      counterparty: text(metadata.counterparty_name) ?? text(metadata.payee_name),
      category: transactionView(row).category_label,
      balanceAfter,
      timeline,
      eur:
        eurAmount !== undefined && rate !== undefined
          ? { amount: Number(eurAmount).toFixed(2), rate: String(rate) }
          : undefined,
      transfer: await transferCosts(customerId, row.metadata),
    };
    return { row, receipt, timeline };
  };

  app.get(
    '/transactions/:transactionId',
    { schema: { params: transactionParams, response: { 200: receiptAnswer } } },
    async (request) => {
      const { row, receipt, timeline } = await loadReceipt(
        request.customerId,
        request.params.transactionId,
      );
      const disputed = await findDisputeTicket(pool, request.customerId, row.id);
      return ok(
        {
          transaction: transactionView(row),
          receipt: {
            reference_number: receipt.reference,
            status: receipt.status,
            timeline: timeline.map((s) => ({
              step: s.step,
              at: s.at.toISOString(),
              detail: s.detail ?? null,
            })),
            counterparty: receipt.counterparty ?? null,
            memo: text(row.metadata?.memo) ?? null,
            category: receipt.category ?? null,
            account: {
              id: row.account_id,
              name: receipt.accountName,
              formatted_account_number: receipt.accountNumberMasked,
            },
            balance_after:
              receipt.balanceAfter === undefined ? null : centsToDollars(receipt.balanceAfter),
            sepa: receipt.eur
              ? { eur_amount: receipt.eur.amount, exchange_rate: receipt.eur.rate }
              : null,
            transfer: receipt.transfer
              ? {
                  fee: centsToDollars(receipt.transfer.feeCents),
                  total: centsToDollars(receipt.transfer.totalCents),
                  expected_arrival: receipt.transfer.expectedArrival?.toISOString() ?? null,
                }
              : null,
            cancellable: cancellableFrom(row),
            dispute: disputed ? disputeViewOf(disputed) : null,
            dispute_refusal: disputed
              ? DISPUTE_MESSAGES.already(disputed.ticket_number)
              : disputeRefusal(
                  {
                    kind: row.kind,
                    direction: row.direction,
                    status: row.status,
                    postedAt: row.created_at,
                  },
                  new Date(),
                ),
          },
        },
        'Receipt retrieved successfully',
      );
    },
  );

  app.get(
    '/transactions/:transactionId/receipt',
    {
      schema: {
        params: transactionParams,
        response: {
          200: {
            description: 'The receipt as a PDF',
            content: { 'application/pdf': { schema: fileBody } },
          },
        },
      },
    },
    async (request, reply) => {
      const { receipt, pdf } = await documents.inTurn(request.customerId, reply, async (render) => {
        const { row, receipt } = await loadReceipt(
          request.customerId,
          request.params.transactionId,
        );
        const disputed = await findDisputeTicket(pool, request.customerId, row.id);
        const view = disputed ? disputeViewOf(disputed) : undefined;
        const dispute = view && {
          ticketNumber: view.ticket_number,
          openedAt: new Date(view.created_at),
          reason: view.reason_display,
          standing: view.outcome_display ?? view.status_display,
          decidedAt: view.resolved_at ? new Date(view.resolved_at) : undefined,
        };
        return {
          receipt,
          pdf: await render({ kind: 'receipt-pdf', receipt: { ...receipt, dispute } }),
        };
      });
      const name = `receipt-${receipt.reference || 'transaction'}`.replace(/[^A-Za-z0-9-]/g, '');
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${name}.pdf"`)
        .send(pdf);
    },
  );

  const ownAccount = async (customerId: string, accountId: string) => {
    const firstActivity = await accountFirstActivity(pool, customerId, accountId);
    const account = firstActivity ? await accountInfo(pool, accountId) : undefined;
    if (!firstActivity || !account) throw notFound();
    return { account, firstActivity };
  };

  app.get(
    '/accounts/:accountId/statements',
    { schema: { params: accountParams, response: { 200: statementMonthsAnswer } } },
    async (request) => {
      const { accountId } = request.params;
      const { firstActivity } = await ownAccount(request.customerId, accountId);
      const now = new Date();
      const current = monthOf(now);
      return ok(
        {
          account_id: accountId,
          statements: statementMonths(firstActivity, now).map((month) => {
            const from = monthStart(month)!;
            return {
              month,
              from: from.toISOString(),
              to: nextMonthStart(month).toISOString(),
              complete: month !== current,
            };
          }),
        },
        'Statements retrieved successfully',
      );
    },
  );

  app.get(
    '/accounts/:accountId/statements/:month',
    {
      schema: {
        params: statementParams,
        querystring: statementQuery,
        response: {
          200: {
            description: 'The statement in the format asked for',
            content: {
              'application/json': { schema: monthlyStatementAnswer },
              'text/csv': { schema: fileBody },
              'application/pdf': { schema: fileBody },
              'application/x-ofx': { schema: fileBody },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { accountId, month } = request.params;
      // The account first: someone else's answers 404 whatever the month.
      const { account, firstActivity } = await ownAccount(request.customerId, accountId);
      if (!isMonth(month)) throw fieldError({ month: [MONTH_MESSAGE] });
      // Months compare as text (four-digit years). The first statement is of the first month.
      if (month < monthOf(firstActivity) || !monthStart(month)) {
        throw fieldError({ month: [NO_STATEMENT_MESSAGE] });
      }
      // A month not yet over is a statement to date: it ends now, its last balance as of now.
      const period = monthPeriod(month);
      if (!period) throw fieldError({ month: ['That month has not started yet.'] });
      const { from, to, toDate } = period;
      const { format } = request.query;
      const file = format === 'json' ? undefined : STATEMENT_FILES[format];
      const { statement, bytes } = await documents.inTurn(
        request.customerId,
        reply,
        async (render) => {
          const statement = await buildStatement(pool, account, from, to, openEvents);
          return { statement, bytes: file && (await render(file.job(statement, toDate))) };
        },
      );
      const name = `statement-${maskAccountNumber(account.accountNumber).slice(-4)}-${month}`;
      if (!file || bytes === undefined) {
        const more = {
          month,
          complete: !toDate,
          total_interest: centsToDollars(statement.totalInterest),
          total_fees: centsToDollars(statement.totalFees),
        };
        return sendLongAnswer(
          reply,
          statementAnswer(
            monthlyStatementData,
            statement,
            more,
            'Statement retrieved successfully',
          ),
        );
      }
      return reply
        .type(file.type)
        .header('content-disposition', `attachment; filename="${name}.${format}"`)
        .send(bytes);
    },
  );

  app.get(
    '/accounts/:accountId/direct-deposit-form',
    {
      schema: {
        params: accountParams,
        response: {
          200: {
            description: 'A direct deposit form filled in with the account, as a PDF',
            content: { 'application/pdf': { schema: fileBody } },
          },
        },
      },
    },
    async (request, reply) => {
      const details = await accountDepositDetails(
        pool,
        request.customerId,
        request.params.accountId,
      );
      if (!details) throw notFound();
      if (!takesDirectDeposit(details)) throw fieldError({ accountId: [DIRECT_DEPOSIT_REFUSAL] });
      const pdf = await documents.inTurn(request.customerId, reply, (render) =>
        render({
          kind: 'direct-deposit-form',
          details: {
            holderName: details.holder_name,
            accountName: details.name,
            accountType: details.type,
            accountNumber: details.account_number.trim(),
            routingNumber: details.routing_number.trim(),
          },
        }),
      );
      const last4 = maskAccountNumber(details.account_number.trim()).slice(-4);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="direct-deposit-${last4}.pdf"`)
        .send(pdf);
    },
  );
};
