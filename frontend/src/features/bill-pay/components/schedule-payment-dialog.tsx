import { SCHEDULE_LIMIT_MESSAGES } from '@bank/contracts';
import { RECURRING_FREQUENCY_LABELS } from '@bank/contracts';
import { bankToday, lastSchedulableDate } from '@bank/contracts/bank-time';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { AccountSelectField } from '@/components/accounts/account-select-field';
import { ReferenceConfirmation } from '@/components/transactions/receipt-link';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Alert } from '@/components/ui/feedback';
import { SelectField, TextField } from '@/components/ui/field';
import { newIdempotencyKey, serverFieldErrors } from '@/components/ui/server-errors';
import { accountById, accountLabel, type Account } from '@/lib/accounts';
import { ApiError } from '@/lib/api-client';
import { errorMessage, mapError } from '@/lib/error-mapping';
import { formatDay, formatMoney } from '@/lib/format';
import { toast } from '@/lib/toast-store';
import { useWhenOpened } from '@/lib/use-when-opened';
import type { Payee } from '../api/get-payees';
import { paymentSchema, useSchedulePayment, type PaymentForm } from '../api/schedule-payment';
import { arrivalLine } from '../lib/arrival';
import { payeeLabel } from '../lib/payee-label';
import { defaultPayingAccount } from '../lib/paying-account';
import { DuplicateQuestion } from './duplicate-question';
import { RecurringPaymentFields } from './recurring-payment-fields';

const empty = (payee?: Payee | null, accounts: Account[] = []): PaymentForm => ({
  payee_id: payee?.id ?? '',
  from_account_id: defaultPayingAccount(accounts),
  amount: payee?.default_amount ? payee.default_amount.toFixed(2) : '',
  scheduled_date: bankToday(),
  memo: '',
  is_recurring: false,
  recurring_frequency: '',
  recurring_end_date: '',
});

const FIELDS = Object.keys(empty());

/** Schedule Payment: the form, then a confirmation step; one Idempotency-Key per attempt. */
export function SchedulePaymentDialog({
  open,
  onOpenChange,
  payees,
  accounts,
  payee,
  onShowScheduled,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  payees: Payee[];
  accounts: Account[];
  payee?: Payee | null;
  /** To the list of scheduled payments, offered when one more is refused. */
  onShowScheduled?(): void;
}) {
  const today = bankToday();
  const form = useForm<PaymentForm>({
    resolver: zodResolver(paymentSchema(today)),
    defaultValues: empty(payee, accounts),
  });
  const schedule = useSchedulePayment();
  const [review, setReview] = useState<{ values: PaymentForm; key: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The bank's words when the payment matches one already scheduled: made only once confirmed.
  const [duplicate, setDuplicate] = useState<string | null>(null);
  const [done, setDone] = useState<{
    message: string;
    summary: string;
    arrival: string;
    reference: string | null;
    paid: boolean;
  } | null>(null);
  const errors = form.formState.errors;
  // The field the bank refused, focused once the form is on the screen again (it is not while
  // the review shows, so the error would otherwise be left unannounced, the focus nowhere).
  const [refusedField, setRefusedField] = useState<keyof PaymentForm | null>(null);
  useEffect(() => {
    if (review || !refusedField) return;
    form.setFocus(refusedField);
    setRefusedField(null);
  }, [review, refusedField, form]);

  // A new opening starts afresh; accounts or payees loaded again while it is open (a payment
  // refreshes the accounts) leave what the customer typed, and the confirmation, alone.
  useWhenOpened(open, () => {
    form.reset(empty(payee, accounts));
    setReview(null);
    setError(null);
    setDuplicate(null);
    setDone(null);
  });

  const close = () => {
    if (schedule.isPending) return;
    onOpenChange(false);
  };

  const confirm = () => {
    if (!review) return;
    setError(null);
    // Confirmed with the same key: the refusal recorded nothing under it.
    const confirmDuplicate = duplicate !== null;
    setDuplicate(null);
    schedule.mutate(
      { values: review.values, idempotencyKey: review.key, confirmDuplicate },
      {
        onSuccess: ({ message, payment }) => {
          const text = message || 'Payment scheduled successfully!';
          toast.success(text);
          // A payment made today has moved money: its receipt exists; a later one has none yet.
          const paid = payment.status === 'completed';
          const source = accountById(accounts, payment.from_account_id);
          const what = `${formatMoney(payment.amount)} to ${payment.payee_name}${
            source ? ` from ${accountLabel(source)}` : ''
          }`;
          setDone({
            message: text,
            summary: paid ? `${what}.` : `${what} on ${formatDay(payment.scheduled_date)}.`,
            arrival: arrivalLine(payment.payee_name, payment.scheduled_date, bankToday()),
            reference: payment.reference_number,
            paid,
          });
          setReview(null);
        },
        onError: (e) => {
          const refused = serverFieldErrors(e, form.setError, {}, FIELDS);
          if (refused) {
            setRefusedField(refused);
            setReview(null);
          } else if (
            e instanceof ApiError &&
            e.code === 'DUPLICATE_TRANSACTION' &&
            !confirmDuplicate
          )
            setDuplicate(errorMessage(e, mapError(e).message));
          else setError(mapError(e).message);
        },
      },
    );
  };

  // Pay Now names the payee it pays (the one chosen since, if the customer picked another).
  const paying = payee
    ? (payees.find((p) => p.id === form.watch('payee_id')) ?? payee).display_name
    : null;
  const v = review?.values;
  const chosen = v ? payees.find((p) => p.id === v.payee_id) : undefined;
  const from = v ? accountById(accounts, v.from_account_id) : undefined;
  const paysToday = v?.scheduled_date === today;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={
        done
          ? 'Payment Confirmation'
          : review
            ? 'Confirm Payment'
            : paying
              ? `Pay ${paying}`
              : 'Schedule Payment'
      }
    >
      {done ? (
        <div className="stack">
          <ReferenceConfirmation
            message={done.message}
            detail={done.summary}
            reference={done.reference}
            withReceipt={done.paid}
          />
          <p>{done.arrival}</p>
          {done.paid ? null : (
            <p className="muted">It gets its reference number and receipt on the day it is paid.</p>
          )}
          <div className="dialog__actions">
            <Button onClick={() => onOpenChange(false)}>Done</Button>
          </div>
        </div>
      ) : review && v ? (
        <div className="stack">
          <dl className="bp-summary">
            <div>
              <dt>Payee</dt>
              <dd>{chosen ? payeeLabel(chosen, payees) : null}</dd>
            </div>
            <div>
              <dt>From</dt>
              <dd>{from ? accountLabel(from) : ''}</dd>
            </div>
            <div>
              <dt>Amount</dt>
              <dd className="tabular">{formatMoney(Number(v.amount))}</dd>
            </div>
            <div>
              <dt>Date</dt>
              <dd>{v.scheduled_date === today ? 'Today' : formatDay(v.scheduled_date)}</dd>
            </div>
            {v.is_recurring ? (
              <div>
                <dt>Repeats</dt>
                <dd>
                  {
                    RECURRING_FREQUENCY_LABELS[
                      v.recurring_frequency as keyof typeof RECURRING_FREQUENCY_LABELS
                    ]
                  }
                  {v.recurring_end_date ? ` until ${formatDay(v.recurring_end_date)}` : ''}
                </dd>
              </div>
            ) : null}
            {v.memo ? (
              <div>
                <dt>Memo</dt>
                <dd>{v.memo}</dd>
              </div>
            ) : null}
          </dl>
          <p>
            {arrivalLine(
              chosen?.display_name ?? 'The payee',
              v.scheduled_date,
              today,
              v.is_recurring,
            )}
          </p>
          {error ? (
            <Alert
              tone="danger"
              action={
                onShowScheduled && error === SCHEDULE_LIMIT_MESSAGES.billPayments ? (
                  <Button variant="secondary" size="sm" onClick={onShowScheduled}>
                    View upcoming payments
                  </Button>
                ) : null
              }
            >
              {error}
            </Alert>
          ) : null}
          {duplicate ? (
            <DuplicateQuestion
              message={duplicate}
              // Paid today, it is not scheduled: the question and its answer say pay.
              title={paysToday ? 'Pay this bill twice?' : undefined}
              action={
                onShowScheduled ? (
                  <Button variant="secondary" size="sm" onClick={onShowScheduled}>
                    View upcoming payments
                  </Button>
                ) : null
              }
            >
              <p>Make this payment as well only if you mean to pay it twice.</p>
            </DuplicateQuestion>
          ) : null}
          <div className="dialog__actions">
            <Button
              variant="secondary"
              onClick={() => {
                setReview(null);
                setDuplicate(null);
              }}
              disabled={schedule.isPending}
            >
              Back to Edit
            </Button>
            <Button onClick={confirm} loading={schedule.isPending}>
              {schedule.isPending
                ? 'Processing...'
                : duplicate
                  ? paysToday
                    ? 'Pay It Anyway'
                    : 'Schedule It Anyway'
                  : 'Confirm Payment'}
            </Button>
          </div>
        </div>
      ) : (
        <form
          className="form"
          noValidate
          onSubmit={form.handleSubmit((values) => setReview({ values, key: newIdempotencyKey() }))}
        >
          <SelectField
            label="Payee"
            error={errors.payee_id?.message}
            {...form.register('payee_id')}
          >
            <option value="">Select payee</option>
            {payees.map((p) => (
              <option key={p.id} value={p.id}>
                {payeeLabel(p, payees)}
              </option>
            ))}
          </SelectField>
          <AccountSelectField
            label="Pay From"
            accounts={accounts}
            chosen={form.watch('from_account_id')}
            error={errors.from_account_id?.message}
            {...form.register('from_account_id')}
          />
          <div className="form-row">
            <TextField
              label="Amount"
              type="number"
              inputMode="decimal"
              min={0.01}
              step={0.01}
              // Pay Now chose the payee already: what is left to decide is how much.
              autoFocus={Boolean(payee)}
              error={errors.amount?.message}
              {...form.register('amount')}
            />
            <TextField
              label="Payment Date"
              type="date"
              min={today}
              max={lastSchedulableDate(today)}
              error={errors.scheduled_date?.message}
              {...form.register('scheduled_date')}
            />
          </div>
          <TextField
            label="Memo"
            optional
            maxLength={255}
            error={errors.memo?.message}
            {...form.register('memo')}
          />
          <RecurringPaymentFields form={form} today={today} />
          <div className="dialog__actions">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit">Review Payment</Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
