import { SCHEDULE_LIMIT_MESSAGES, type TransferLimit } from '@bank/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Alert, PageSpinner } from '@/components/ui/feedback';
import { useDocumentTitle } from '@/components/ui/page';
import { applyServerFieldErrors, newIdempotencyKey } from '@/components/ui/server-errors';
import { ApiError, firstFieldErrors, isStepUpCancelled } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-mapping';
import { formatDate, formatMoney, formatMoneyCents } from '@/lib/format';
import { toast } from '@/lib/toast-store';
import {
  emptyTransferForm,
  isScheduling,
  recipientContact,
  SERVER_FIELDS,
  transferSchema,
  useCreateTransfer,
  type TransferForm,
} from '../api/create-transfer';
import { listedAccountLabel, type Account } from '@/lib/accounts';
import { useAccounts } from '@/lib/accounts-query';
import { formatEuros, rateText, useSepaQuote } from '../api/get-sepa-quote';
import { useTransferLimits } from '../api/get-transfer-limits';
import { useScheduleTransfer } from '../api/scheduled-transfers';
import { RecentTransfers } from '../components/recent-transfers';
import { SavedRecipients, SaveRecipientForm } from '../components/saved-recipients';
import { SCHEDULED_TRANSFERS_ID, ScheduledTransfers } from '../components/scheduled-transfers';
import { scheduleDestination } from '../lib/schedule-destination';
import {
  TransferConfirmation,
  transferSummary,
  type Confirmation,
} from '../components/transfer-confirmation';
import { TransferDetails } from '../components/transfer-details';
import { processingText, reviewRows, TransferReview } from '../components/transfer-review';
import { TransferTypePicker } from '../components/transfer-type-picker';
import { defaultFromAccount, fromInAddress } from '../lib/default-from-account';
import { bankToday, TRANSFER_TYPE_INFO, type TransferType } from '../lib/transfer-types';
import {
  asksToRetype,
  forgetTransferDraft,
  loadTransferDraft,
  reviewKeyFor,
  saveTransferDraft,
  type TransferDraft,
} from '../lib/transfer-draft';
import { useRecipientLookup } from '../lib/use-recipient-lookup';
import { useWizardHistory, type Step } from '../lib/use-wizard-history';
import './transfer.css';

/** " · Daily limit $X ($Y left today)" once the server's limits are known. */
function limitText(limits: Record<TransferType, TransferLimit> | undefined, type: TransferType) {
  const entry = limits?.[type];
  if (!entry) return null;
  return ` · Daily limit ${formatMoney(entry.daily_limit)} (${formatMoney(entry.remaining_today)} left today)`;
}

export const SUCCESS_TOAST_MS = 6000;
export const TRANSFER_FAILED = 'Transfer failed';

const STEP_TITLES: Record<Step, string> = {
  1: 'Choose transfer type',
  2: 'Enter details',
  3: 'Review and confirm',
};

/** A blank form for a new transfer, starting from the customer's usual (or chosen) account. */
function blankForm(accounts: Account[], requestedFrom: string | null): TransferForm {
  return {
    ...emptyTransferForm(bankToday()),
    fromAccount: defaultFromAccount(accounts, requestedFrom),
  };
}

/** The Transfer Money wizard, three steps for four types. */
export default function TransferRoute() {
  useDocumentTitle('Transfer Money');
  const accounts = useAccounts();
  const limits = useTransferLimits();
  const create = useCreateTransfer();
  const schedule = useScheduleTransfer();

  const wizard = useWizardHistory();
  const { type } = wizard;
  // Opened on the details or the review (a reload), the form is what this tab kept of it. An
  // address naming another From account (a link from the accounts page) is a new transfer.
  const [draft] = useState(() => {
    const kept = type && wizard.step !== 1 ? loadTransferDraft(type) : null;
    return kept && (!wizard.origin || wizard.origin === kept.values.fromAccount) ? kept : null;
  });
  // The values Review judged, with the key of that attempt: the review step shows only these.
  // A draft kept without its account number opens on the details, which ask for it again.
  const [reviewed, setReviewed] = useState<{ values: string; key: string } | null>(() =>
    draft?.reviewKey && !asksToRetype(draft)
      ? { values: JSON.stringify([type, draft.values]), key: draft.reviewKey }
      : null,
  );
  // That draft until the transfer is reviewed again: what to ask for, and the key to reuse.
  const [retyping, setRetyping] = useState<TransferDraft | null>(() =>
    asksToRetype(draft) ? draft : null,
  );
  const [submitError, setSubmitError] = useState<{ message: string; details: string[] } | null>(
    null,
  );
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const done = confirmation !== null;
  const headingRef = useRef<HTMLHeadingElement>(null);

  const accountList = accounts.data ?? [];
  // The From account the address named when the wizard opened (`?from=<id>`): the accounts page's
  // Transfer links, or a reload of the details, which keep the account chosen in the address.
  const requestedFrom = wizard.origin;
  const ctx = useRef({
    type,
    accounts: accountList,
    lookup: null as ReturnType<typeof useRecipientLookup>['result'],
  });

  const resolver: Resolver<TransferForm> = (values, context, options) =>
    zodResolver(
      transferSchema(
        ctx.current.type ?? 'between-accounts',
        ctx.current.accounts,
        ctx.current.lookup,
      ),
    )(values, context, options);

  const form = useForm<TransferForm>({
    defaultValues: draft?.values ?? blankForm(accountList, requestedFrom),
    resolver,
    // A field is judged when the customer leaves it, then on every change; after a Review click,
    // every field is re-judged as it changes, so an error goes as soon as it is fixed.
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });
  // Opened straight on the details (a link or a reload), the accounts arrive after the form: the
  // From account is filled in then, unless the customer already picked one.
  const fromFilled = useRef(accounts.data !== undefined);
  useEffect(() => {
    if (fromFilled.current || !accounts.data) return;
    fromFilled.current = true;
    const from = defaultFromAccount(accounts.data, requestedFrom);
    if (from && !form.getValues('fromAccount')) form.setValue('fromAccount', from);
  }, [accounts.data, requestedFrom, form]);
  const values = form.watch();
  const reviewedValues = JSON.stringify([type, values]);
  const attemptKey = reviewed?.values === reviewedValues ? reviewed.key : null;
  // The review step is reached through Review: an entry of the history or a reload that comes
  // back to it with other (or no) values shows the details instead.
  const step: Step = wizard.step === 3 && !attemptKey ? 2 : wizard.step;
  const contact = recipientContact(values);
  // Kept through the review step: it shows the recipient's name and sends their id.
  const lookup = useRecipientLookup(contact, type === 'same-bank' && step !== 1);
  ctx.current = { type, accounts: accountList, lookup: lookup.result };

  // Move focus to the step heading so keyboard and screen reader users follow the wizard.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  // From the refusal of one schedule too many to the list, where one can be cancelled.
  const toSchedules = useRef(false);
  useEffect(() => {
    if (step !== 1 || !toSchedules.current) return;
    toSchedules.current = false;
    document.getElementById(SCHEDULED_TRANSFERS_ID)?.focus();
  }, [step]);
  const showSchedules = () => {
    toSchedules.current = true;
    setSubmitError(null);
    wizard.replace(null, 1);
  };

  useEffect(() => {
    if (wizard.step === 3 && step === 2) wizard.replace(type, 2);
  });

  // What is typed is kept for this tab until the transfer is sent or given up.
  useEffect(() => {
    if (!type || step === 1 || done) return;
    const kept = form.getValues();
    saveTransferDraft({
      type,
      values: kept,
      reviewKey: attemptKey ?? reviewKeyFor(retyping, type, kept),
      retype: retyping?.retype ?? {},
    });
  }, [type, step, done, reviewedValues, attemptKey, form, retyping]);

  // The From account chosen goes into the address, so a reload of the details or the review (or
  // Back to them) starts from it again. Not on the first step, whose address keeps the account the
  // customer came with, nor while the address is being turned from the review to the details.
  const chosenFrom = values.fromAccount;
  useEffect(() => {
    if (step === 1 || done || wizard.step !== step || !accounts.data) return;
    const named = fromInAddress(accounts.data, wizard.from, chosenFrom);
    if (named !== wizard.from) wizard.setFrom(named);
  });

  // Once sent, nothing goes back to it: leaving the confirmation (by its buttons or the
  // browser's Back) starts a new transfer.
  useEffect(() => {
    if (!confirmation || step === 3) return;
    setConfirmation(null);
    setReviewed(null);
    form.reset(blankForm(accounts.data ?? [], requestedFrom));
  }, [confirmation, step, form, accounts.data, requestedFrom]);
  const startOver = () => {
    setRetyping(null);
    forgetTransferDraft();
    wizard.replace(null, 1);
  };

  const choose = (next: TransferType) => {
    // A new form starts from the account the first step's address names (the one the customer
    // came with), which the next step carries on.
    form.reset(blankForm(accountList, wizard.from));
    setRetyping(null);
    lookup.reset();
    setSubmitError(null);
    wizard.go(next, 2);
  };

  const back = () => {
    setSubmitError(null);
    wizard.back();
  };

  const review = async () => {
    // The amount is judged against the balance as it is now: money may have arrived (or left)
    // since the form was opened, and the accounts are not read again while the page stays open.
    const fresh = await accounts.refetch();
    if (fresh.data) ctx.current = { ...ctx.current, accounts: fresh.data };
    if (type === 'same-bank') {
      const found = await lookup.lookupNow(contact);
      if (found) ctx.current = { ...ctx.current, lookup: found };
    }
    // Through handleSubmit, so the form counts as submitted and re-checks each field as it changes.
    await form.handleSubmit(
      () => {
        setSubmitError(null);
        const judged = form.getValues();
        const key = type ? reviewKeyFor(retyping, type, judged) : null;
        setRetyping(null);
        setReviewed({ values: JSON.stringify([type, judged]), key: key ?? newIdempotencyKey() });
        if (type) wizard.go(type, 3);
      },
      (errors) => {
        const first = Object.keys(errors)[0] as keyof TransferForm | undefined;
        if (first) form.setFocus(first);
      },
    )();
  };

  const quote = useSepaQuote(values.amount, type === 'sepa' && step === 3);
  const pending = create.isPending || schedule.isPending;

  const showRefusal = (error: unknown) => {
    // Closing "Confirm it's you" is the customer's choice: the review stays, with no error.
    if (isStepUpCancelled(error)) return;
    applyServerFieldErrors(error, form.setError, SERVER_FIELDS, Object.keys(values));
    const message = errorMessage(error, TRANSFER_FAILED);
    // Each message once: the server often repeats its message as a field error.
    const details =
      error instanceof ApiError
        ? [...new Set(firstFieldErrors(error.errors).map((e) => e.message))].filter(
            (d) => d !== message,
          )
        : [];
    setSubmitError({ message, details });
  };

  const confirm = () => {
    if (!type || !attemptKey || pending || done) return;
    setSubmitError(null);
    const submitted = form.getValues();
    if (type !== 'sepa' && isScheduling(submitted)) {
      schedule.mutate(
        {
          type,
          values: submitted,
          recipientId: lookup.result?.recipientId ?? undefined,
          idempotencyKey: attemptKey,
        },
        {
          onSuccess: ({ message, data }) => {
            forgetTransferDraft();
            const view = data?.scheduled_transfer;
            setConfirmation({
              kind: 'scheduled',
              message,
              schedule: view ?? null,
              summary: view
                ? transferSummary(
                    {
                      amount: view.amount,
                      to: scheduleDestination(accountList, view),
                      from: listedAccountLabel(accountList, view.from_account),
                    },
                    true,
                  )
                : null,
            });
            toast.show({
              type: 'success',
              title: 'Transfer Scheduled',
              message: message || 'Your transfer has been scheduled.',
              duration: SUCCESS_TOAST_MS,
            });
          },
          onError: showRefusal,
        },
      );
      return;
    }
    create.mutate(
      {
        type,
        values: submitted,
        recipientId: lookup.result?.recipientId ?? undefined,
        quotedRate: type === 'sepa' ? quote.data?.exchange.rate : undefined,
        idempotencyKey: attemptKey,
      },
      {
        onSuccess: ({ message, data }) => {
          forgetTransferDraft();
          const t = data?.transfer;
          // The receipt of a SEPA transfer: what arrives in euros, at which rate, and the charge.
          const receipt = t?.exchange
            ? ` ${formatEuros(t.exchange.amount)} at ${rateText(t.exchange.rate)}; ${formatMoney(t.total)} charged including the ${formatMoney(t.fee)} fee.`
            : '';
          const text = (message || 'Your transfer has been submitted.') + receipt;
          // Between own accounts the recipient is the customer: the account names the other side.
          const to =
            type === 'between-accounts'
              ? listedAccountLabel(accountList, t?.to_account)
              : t?.recipient_name;
          setConfirmation({
            kind: 'transfer',
            message: text,
            reference: t?.reference_number ?? null,
            summary:
              t && to
                ? transferSummary({
                    amount: t.amount,
                    to,
                    from: listedAccountLabel(accountList, t.from_account),
                  })
                : null,
          });
          toast.show({
            type: 'success',
            title: 'Transfer Successful',
            message: text,
            duration: SUCCESS_TOAST_MS,
          });
        },
        onError: (error) => {
          // A quote that expired: the customer is shown the new one and confirms again.
          if (type === 'sepa' && error instanceof ApiError && error.status === 409) {
            setReviewed({ values: reviewedValues, key: newIdempotencyKey() });
            void quote.refetch();
          }
          showRefusal(error);
        },
      },
    );
  };

  const sepaIncomplete =
    type === 'sepa' && !transferSchema('sepa', accountList).safeParse(values).success;

  if (accounts.isPending) return <PageSpinner label="Loading your accounts" />;

  const busy = pending || done;
  const info = type ? TRANSFER_TYPE_INFO[type] : null;

  return (
    <div className="transfer">
      <div className="transfer__top">
        {step === 1 ? (
          <Link to="/dashboard" className="back-link" onClick={forgetTransferDraft}>
            <ArrowLeft size={16} aria-hidden="true" /> Back to Dashboard
          </Link>
        ) : done ? null : (
          // Once sent there is no going back to edit: the confirmation offers the ways on.
          <button
            type="button"
            className="back-link back-link--button"
            onClick={back}
            disabled={pending}
          >
            <ArrowLeft size={16} aria-hidden="true" />{' '}
            {step === 2 ? 'Back to transfer types' : 'Back to details'}
          </button>
        )}
        <h1 className="page-title">Transfer Money</h1>
        <ol className="wizard-steps" aria-label="Progress">
          {([1, 2, 3] as Step[]).map((s) => (
            <li
              key={s}
              className={`wizard-steps__item${s === step ? ' is-current' : ''}${s < step ? ' is-done' : ''}`}
              aria-current={s === step ? 'step' : undefined}
            >
              <span className="wizard-steps__num" aria-hidden="true">
                {s}
              </span>
              <span>{STEP_TITLES[s]}</span>
            </li>
          ))}
        </ol>
      </div>

      {accounts.isError ? (
        <Alert tone="danger">{errorMessage(accounts.error, 'Failed to load your accounts.')}</Alert>
      ) : null}

      {step === 1 ? (
        <div className="transfer__step1">
          <section aria-labelledby="transfer-step-title">
            <h2 className="section-title" id="transfer-step-title" ref={headingRef} tabIndex={-1}>
              {STEP_TITLES[1]}
            </h2>
            <TransferTypePicker onChoose={choose} />
          </section>
          <RecentTransfers />
          <ScheduledTransfers accounts={accountList} />
          <SavedRecipients />
        </div>
      ) : null}

      {step === 2 && type && info ? (
        <Card aria-labelledby="transfer-step-title">
          <h2 className="section-title" id="transfer-step-title" ref={headingRef} tabIndex={-1}>
            {info.title}
          </h2>
          <p className="muted transfer__meta">
            {processingText(type, values)} ·{' '}
            {info.feeCents === 0 ? 'Free' : `Fee ${formatMoneyCents(info.feeCents)}`}
            {limitText(limits.data, type)}
          </p>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void review();
            }}
          >
            <TransferDetails
              type={type}
              form={form}
              accounts={accountList}
              lookup={lookup}
              retype={retyping?.retype}
            />
            <div className="transfer__actions">
              <Button
                type="submit"
                disabled={sepaIncomplete}
                // Pressing Review must not first take focus from the field being edited: leaving it
                // shows its error, which moves this button down before the mouse is released, and
                // the click is lost. The submit judges that field with all the others.
                onMouseDown={(e) => e.preventDefault()}
              >
                Review Transfer
              </Button>
            </div>
          </form>
        </Card>
      ) : null}

      {confirmation ? (
        <TransferConfirmation
          confirmation={confirmation}
          onAnother={
            confirmation.kind === 'scheduled' && confirmation.schedule ? showSchedules : startOver
          }
        >
          {confirmation.kind === 'transfer' &&
          (type === 'external-bank' || type === 'sepa') &&
          !form.getValues('savedRecipientId') ? (
            <SaveRecipientForm type={type} values={form.getValues()} />
          ) : null}
        </TransferConfirmation>
      ) : null}

      {step === 3 && type && !confirmation ? (
        <Card aria-labelledby="transfer-step-title">
          <h2 className="section-title" id="transfer-step-title" ref={headingRef} tabIndex={-1}>
            Review your transfer
          </h2>
          <TransferReview
            rows={reviewRows(
              type,
              form.getValues(),
              accountList,
              lookup.result?.recipientName,
              quote.data,
            )}
          />
          {type === 'sepa' && quote.data ? (
            <p className="muted transfer__quote-note">
              Rate from the bank, valid until {formatDate(quote.data.expires_at, true)}. The
              recipient receives euros; the fee is charged in dollars.
            </p>
          ) : null}
          {type === 'sepa' && quote.isError ? (
            <Alert tone="danger">
              {errorMessage(quote.error, 'The exchange rate could not be loaded. Try again.')}
            </Alert>
          ) : null}
          {submitError ? (
            <div className="transfer__error">
              <Alert
                tone="danger"
                title="Transfer not completed"
                action={
                  submitError.message === SCHEDULE_LIMIT_MESSAGES.transfers ? (
                    <Button variant="secondary" size="sm" onClick={showSchedules}>
                      View scheduled transfers
                    </Button>
                  ) : null
                }
              >
                <p>{submitError.message}</p>
                {submitError.details.length ? (
                  <ul className="error-list">
                    {submitError.details.map((d) => (
                      <li key={d}>{d}</li>
                    ))}
                  </ul>
                ) : null}
              </Alert>
            </div>
          ) : null}
          <div className="transfer__actions">
            <Button variant="secondary" onClick={back} disabled={busy}>
              Back to Edit
            </Button>
            <Button
              onClick={confirm}
              // Busy, not disabled, while it runs: a disabled button drops the keyboard focus.
              disabled={!busy && type === 'sepa' && !quote.data}
              loading={busy}
            >
              {busy ? 'Processing...' : 'Confirm Transfer'}
            </Button>
          </div>
        </Card>
      ) : null}
    </div>
  );
}
