import {
  recentTransfers,
  transferLimitsAnswer,
  TRANSFER_TYPE_INFO,
  type TransferLimit,
  type AnyTransferType,
  type TransferView,
} from '@bank/contracts';
import { BANK_TIME_ZONE, bankDate, centsToDollars, formatUsd, moneyRules } from '@bank/events';
import { ok, requireCustomer, type Pool, type SessionStore } from '@bank/infra';
import { listRecentTransfers, usedToday, type TransferRow } from '@bank/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

function transferView(r: TransferRow): TransferView {
  return {
    id: r.transfer_id,
    type: r.type,
    description: r.description,
    created_at: r.initiated_at.toISOString(),
    date: r.initiated_at.toISOString(),
    amount: centsToDollars(r.amount_cents),
    fee: centsToDollars(r.fee_cents),
    total: centsToDollars(r.amount_cents + r.fee_cents),
    currency: 'USD',
    formatted_amount: formatUsd(r.amount_cents),
    status: r.status,
    reference_number: r.reference_number,
    recipient_name: r.recipient_name,
    memo: r.memo,
    transfer_date: r.transfer_date,
    processing_time: moneyRules.processingTimes[r.type],
    from_account: { id: r.from_account_id, name: r.from_account_name },
    // Only the customer's own account is named: another customer's account stays theirs.
    to_account:
      r.type === 'between-accounts' && r.to_account_id
        ? { id: r.to_account_id, name: r.to_account_name }
        : null,
    bank_name: r.details.bankName ?? null,
    recipient_account: r.details.accountLast4 ? `****${r.details.accountLast4}` : null,
    country: r.details.country ?? null,
    purpose_of_payment: r.details.purposeOfPayment ?? null,
    exchange: r.exchange
      ? {
          rate: r.exchange.rate,
          source: r.exchange.source,
          as_of: r.exchange.asOf,
          currency: 'EUR' as const,
          amount: centsToDollars(r.exchange.targetAmount),
        }
      : null,
    estimated_settlement: r.settle_after?.toISOString() ?? null,
    settled_at: r.settled_at?.toISOString() ?? null,
    failure_reason: r.failure_reason,
    repeat_of: r.repeat_of,
  };
}

export function limitView(limitCents: number, usedCents: number) {
  return {
    limit: centsToDollars(limitCents),
    used: centsToDollars(usedCents),
    remaining: centsToDollars(Math.max(0, limitCents - usedCents)),
  };
}

/** Transfers: recent ones (for Repeat) and the per-type limits with what is left today. */
export const transferQueryRoutes: FastifyPluginAsyncZod<{
  pool: Pool;
  sessions: SessionStore;
}> = async (app, { pool, sessions }) => {
  app.addHook('onRequest', requireCustomer(sessions));

  app.get(
    '/transfers/recent',
    {
      schema: {
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(50).default(5) }),
        response: { 200: recentTransfers },
      },
    },
    async (request) => {
      const rows = await listRecentTransfers(pool, request.customerId, request.query.limit);
      return ok({ transfers: rows.map(transferView) }, 'Recent transfers retrieved successfully');
    },
  );

  app.get(
    '/transfers/limits',
    { schema: { response: { 200: transferLimitsAnswer } } },
    async (request) => {
      const used = await usedToday(pool, request.customerId);
      const limitOf = (type: AnyTransferType): TransferLimit => {
        const view = limitView(moneyRules.dailyLimits[type], used(type).day);
        const month = limitView(moneyRules.monthlyLimits[type], used(type).month);
        return {
          type,
          title: TRANSFER_TYPE_INFO[type].title,
          daily_limit: view.limit,
          used_today: view.used,
          remaining_today: view.remaining,
          monthly_limit: month.limit,
          used_this_month: month.used,
          remaining_this_month: month.remaining,
          minimum_amount: centsToDollars(moneyRules.minTransferCents),
          fee: centsToDollars(moneyRules.transferFees[type]),
          processing_time: moneyRules.processingTimes[type],
          currency: type === 'sepa' ? 'EUR' : 'USD',
        };
      };
      const limits = {
        'between-accounts': limitOf('between-accounts'),
        'same-bank': limitOf('same-bank'),
        'external-bank': limitOf('external-bank'),
        sepa: limitOf('sepa'),
        'domestic-wire': limitOf('domestic-wire'),
        'international-wire': limitOf('international-wire'),
      } satisfies Record<AnyTransferType, TransferLimit>;
      return ok(
        { limits, time_zone: BANK_TIME_ZONE, business_date: bankDate(new Date()) },
        'Transfer limits retrieved successfully',
      );
    },
  );
};
