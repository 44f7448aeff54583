import type { billPaymentScheduled, payeeAdded, payeeAutopayChanged } from '@bank/contracts';
import { centsToDollars, type EventData } from '@bank/events';
import { ok } from '@bank/infra';
import type { z } from 'zod';

/** The payee as the add-payee answer shows it (the stored answer of its Idempotency-Key). */
export function payeeReply(p: EventData<'BillPayeeAdded'>) {
  return {
    statusCode: 201,
    body: ok(
      {
        payee: {
          id: p.payeeId,
          name: p.name,
          display_name: p.displayName ?? p.name,
          category: p.category,
          account_number: `****${p.accountLast4}`,
          formatted_account_number: `****${p.accountLast4}`,
          address: p.address,
          city: p.city,
          state: p.state,
          zip_code: p.zipCode,
          phone: p.phone,
          default_amount:
            p.defaultAmountCents === null ? null : centsToDollars(p.defaultAmountCents),
          autopay_enabled: p.autopay !== null,
          autopay_day: p.autopay?.day ?? null,
          autopay_amount:
            p.autopay?.amountCents == null ? null : centsToDollars(p.autopay.amountCents),
          autopay_account_id: p.autopay?.fromAccountId ?? null,
          is_active: true,
          next_payment: p.autopay
            ? {
                date: p.autopay.firstDate,
                amount: centsToDollars(p.autopay.amountCents ?? p.defaultAmountCents ?? 0),
              }
            : null,
        },
      } satisfies z.input<typeof payeeAdded.shape.data>,
      'Payee added successfully!',
    ),
  };
}

/** A payee's AutoPay as it is after a change (the stored answer of its Idempotency-Key). */
export function autopayReply(
  payee: { payeeId: string; defaultAmountCents: number | null },
  autopay: EventData<'BillPayeeAutopayChanged'>['autopay'],
  /** Said after the answer: a scheduled payment the AutoPay now repeats. */
  note: string | null = null,
) {
  const done = autopay ? 'AutoPay updated successfully!' : 'AutoPay turned off successfully!';
  return {
    statusCode: 200,
    body: ok(
      {
        autopay: {
          payee_id: payee.payeeId,
          autopay_enabled: autopay !== null,
          autopay_day: autopay?.day ?? null,
          autopay_amount: autopay?.amountCents == null ? null : centsToDollars(autopay.amountCents),
          autopay_account_id: autopay?.fromAccountId ?? null,
          next_payment: autopay
            ? {
                date: autopay.firstDate,
                amount: centsToDollars(autopay.amountCents ?? payee.defaultAmountCents ?? 0),
              }
            : null,
        },
      } satisfies z.input<typeof payeeAutopayChanged.shape.data>,
      note ? `${done} ${note}` : done,
    ),
  };
}

/** A scheduled (or paid-now) payment as the schedule answer shows it. */
export function paymentReply(
  s: EventData<'BillPaymentScheduled'>,
  status: 'scheduled' | 'completed',
  nextDate: string | null,
  reference: string | null,
) {
  return {
    statusCode: 201,
    body: ok(
      {
        payment: {
          id: s.paymentId,
          payee_id: s.payeeId,
          payee_name: s.payeeName,
          category: s.category,
          from_account_id: s.fromAccountId,
          amount: centsToDollars(s.amountCents),
          scheduled_date: s.firstDate,
          memo: s.memo,
          is_recurring: s.recurrence !== null,
          recurring_frequency: s.recurrence?.frequency ?? null,
          recurring_end_date: s.recurrence?.endDate ?? null,
          status,
          next_payment_date: nextDate,
          reference_number: reference,
        },
      } satisfies z.input<typeof billPaymentScheduled.shape.data>,
      status === 'completed' ? 'Payment sent successfully!' : 'Payment scheduled successfully!',
    ),
  };
}
