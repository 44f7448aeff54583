import {
  ALERT_THRESHOLD_MAX_CENTS,
  alertMessages,
  alertSettingsReply,
  alertSettingsInput,
  type AlertSettingsInput,
  type AlertSettingsView,
} from '@bank/contracts';
import { centsToDollars, dollarsToCents, type AlertPreferences } from '@bank/events';
import { ok, requireCustomer } from '@bank/infra';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CommandContext } from '../services/context.ts';
import { changeAlerts } from '../services/profile.ts';
import { commandMetadata, markConsistency } from './command-reply.ts';
import { FormErrors } from './money-input.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A threshold as typed, in whole cents; every problem is a field error. */
function thresholdCents(
  errors: FormErrors,
  field: string,
  value: number | string | null | undefined,
): number | undefined {
  if (value === undefined || value === null || value === '') {
    errors.add(field, alertMessages.required);
    return undefined;
  }
  const number =
    typeof value === 'number' ? value : /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(number)) return (errors.add(field, alertMessages.notWholeCents), undefined);
  if (number <= 0) return (errors.add(field, alertMessages.notPositive), undefined);
  if (number > ALERT_THRESHOLD_MAX_CENTS / 100) {
    return (errors.add(field, alertMessages.tooLarge), undefined);
  }
  const cents = dollarsToCents(number);
  if (cents === undefined) errors.add(field, alertMessages.notWholeCents);
  return cents;
}

/** The form's fields as the alerts an event carries; a switched-off alert ignores its amount. */
function alertsOf(body: AlertSettingsInput): AlertPreferences {
  const errors = new FormErrors();
  const lowCents = body.low_balance_enabled
    ? thresholdCents(errors, 'low_balance_threshold', body.low_balance_threshold)
    : undefined;
  const accountId = body.low_balance_account_id || null;
  if (body.low_balance_enabled && accountId !== null && !UUID.test(accountId)) {
    errors.add('low_balance_account_id', alertMessages.unknownAccount);
  }
  const largeCents = body.large_transaction_enabled
    ? thresholdCents(errors, 'large_transaction_threshold', body.large_transaction_threshold)
    : undefined;
  errors.throwIfAny();
  return {
    lowBalance:
      lowCents === undefined ? null : { thresholdCents: lowCents, accountId: accountId ?? null },
    largeTransaction: largeCents === undefined ? null : { thresholdCents: largeCents },
    cardAbroad: body.card_abroad_enabled,
  };
}

export function alertSettingsOf(alerts: AlertPreferences): AlertSettingsView {
  return {
    low_balance_enabled: alerts.lowBalance !== null,
    low_balance_threshold: alerts.lowBalance
      ? centsToDollars(alerts.lowBalance.thresholdCents)
      : null,
    low_balance_account_id: alerts.lowBalance?.accountId ?? null,
    large_transaction_enabled: alerts.largeTransaction !== null,
    large_transaction_threshold: alerts.largeTransaction
      ? centsToDollars(alerts.largeTransaction.thresholdCents)
      : null,
    card_abroad_enabled: alerts.cardAbroad,
  };
}

/** The alerts the customer sets: low balance, large transaction, card used abroad. */
export const alertRoutes: FastifyPluginAsyncZod<{ ctx: CommandContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireCustomer(ctx.sessions));

  app.put(
    '/profile/alerts',
    {
      schema: {
        summary:
          'Set your alerts: low balance (one account or all, below a threshold), a large transaction (at least a threshold) and a card used abroad',
        description:
          'Thresholds in dollars with at most 2 decimals, more than 0 and at most 1,000,000. A switched-off alert needs no amount. A low-balance account that is not yours answers 404.',
        body: alertSettingsInput,
        response: { 200: alertSettingsReply },
      },
    },
    async (request, reply) => {
      const alerts = alertsOf(request.body);
      const outcome = await changeAlerts(ctx, request.customerId, alerts, commandMetadata(request));
      markConsistency(reply, outcome);
      return reply.send(ok({ alerts: alertSettingsOf(alerts) }, 'Alerts saved'));
    },
  );
};
