import { TRANSFER_TYPE_INFO, WIRE_PURPOSES, type WireType } from '@bank/contracts';
import { Euro, Globe, Info, Landmark } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';
import { AccountSelectField } from '@/components/accounts/account-select-field';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Alert, PageSpinner } from '@/components/ui/feedback';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { PageHeader, useDocumentTitle } from '@/components/ui/page';
import { SegmentedChoice } from '@/components/ui/segmented-choice';
import { newIdempotencyKey, serverFieldErrors } from '@/components/ui/server-errors';
import { accountById } from '@/lib/accounts';
import { useAccounts } from '@/lib/accounts-query';
import { isStepUpCancelled } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-mapping';
import { formatMoneyCents, maskAccountNumber } from '@/lib/format';
import { toast } from '@/lib/toast-store';
import { useSavedRecipients } from '@/lib/saved-recipients-query';
import {
  emptyWireForm,
  feeCents,
  swiftCountryName,
  useSendWire,
  wireAmountCents,
  wireProblems,
  type SentWire,
  type WireField,
  type WireForm,
  type WireRecipient,
} from '../api/send-wire';
import { WireReview, WireSent, useMinuteClock, wireDelivery } from '../components/wire-steps';
import './wire-transfer.css';

// Domestic and international wires are sent from here; SEPA transfers (in euros, at a quoted
// rate) have their one home in Transfer Money, which this page leads to.

type PageType = 'domestic' | 'international' | 'sepa';

const WIRE_OF: Record<Exclude<PageType, 'sepa'>, WireType> = {
  domestic: 'domestic-wire',
  international: 'international-wire',
};

const TYPE_CARDS: {
  type: PageType;
  info: (typeof TRANSFER_TYPE_INFO)[keyof typeof TRANSFER_TYPE_INFO];
  icon: typeof Globe;
}[] = [
  { type: 'domestic', info: TRANSFER_TYPE_INFO['domestic-wire'], icon: Landmark },
  { type: 'international', info: TRANSFER_TYPE_INFO['international-wire'], icon: Globe },
  { type: 'sepa', info: TRANSFER_TYPE_INFO.sepa, icon: Euro },
];

const RECIPIENT_OPTIONS = [
  { value: 'new', label: 'New recipient' },
  { value: 'saved', label: 'Saved recipient' },
] as const;

const SERVER_FIELDS: Record<string, WireField> = {
  iban: 'accountNumber',
  country: 'swiftCode',
};

const FIELD_ORDER: WireField[] = [
  'fromAccount',
  'savedRecipientId',
  'recipientName',
  'bankName',
  'accountNumber',
  'routingNumber',
  'swiftCode',
  'recipientAddress',
  'amount',
  'purposeOfPayment',
  'memo',
];

export default function WireTransferRoute() {
  useDocumentTitle('Wire Transfers');
  const accounts = useAccounts();
  const recipients = useSavedRecipients();
  const send = useSendWire();
  const navigate = useNavigate();
  const location = useLocation();
  const groupId = useId();

  const [pageType, setPageType] = useState<PageType>('domestic');
  const [recipientMode, setRecipientMode] = useState<'new' | 'saved'>('new');
  // The values Review judged, with the key of that attempt: a retry of Send reuses the key.
  const [reviewed, setReviewed] = useState<{ values: string; key: string } | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [sent, setSent] = useState<{ wire: SentWire | null; message: string; at: Date } | null>(
    null,
  );
  const now = useMinuteClock();

  const wireType = pageType === 'sepa' ? null : WIRE_OF[pageType];
  const accountList = accounts.data ?? [];
  const judge = useRef<{
    wireType: WireType | null;
    accounts: typeof accountList;
    recipient: WireRecipient;
  }>({
    wireType,
    accounts: accountList,
    recipient: 'new',
  });

  const resolver: Resolver<WireForm> = (values) => {
    const problems = judge.current.wireType
      ? wireProblems(
          judge.current.wireType,
          values,
          judge.current.accounts,
          judge.current.recipient,
        )
      : {};
    const errors: FieldErrors<WireForm> = {};
    for (const [field, message] of Object.entries(problems)) {
      errors[field as WireField] = { type: 'validate', message };
    }
    return { values: Object.keys(errors).length ? {} : values, errors };
  };
  const form = useForm<WireForm>({
    defaultValues: emptyWireForm(),
    resolver,
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });
  const values = form.watch();
  const savedKind = pageType === 'domestic' ? 'external-bank' : 'sepa';
  const saved = (recipients.data ?? []).filter((r) => r.type === savedKind);
  const chosenSaved = saved.find((r) => r.id === values.savedRecipientId) ?? null;
  const recipient: WireRecipient =
    recipientMode === 'new'
      ? 'new'
      : wireType === 'international-wire' && chosenSaved && !chosenSaved.swift_code
        ? 'saved-without-swift'
        : 'saved';
  judge.current = { wireType, accounts: accountList, recipient };
  const valuesText = JSON.stringify([wireType, values]);
  const attemptKey = reviewed?.values === valuesText ? reviewed.key : null;
  // The review is an entry of the browser's history; reached again without reviewed values (a
  // reload), the details show instead.
  const inReview = new URLSearchParams(location.search).get('step') === 'review';
  const step = sent ? 'sent' : inReview && attemptKey ? 'review' : 'details';
  const pushedReview = (location.state as { wire?: boolean } | null)?.wire === true;
  // The field the bank refused, focused once the details are on the screen again.
  const [refusedField, setRefusedField] = useState<WireField | null>(null);
  useEffect(() => {
    if (step !== 'details' || !refusedField) return;
    form.setFocus(refusedField);
    setRefusedField(null);
  }, [step, refusedField, form]);

  // Leaving the confirmation (Back, or Send another wire) starts a new wire.
  useEffect(() => {
    if (!sent || inReview) return;
    setSent(null);
    setReviewed(null);
    form.reset(emptyWireForm());
  }, [sent, inReview, form]);

  const chooseType = (next: PageType) => {
    setPageType(next);
    setSubmitError(null);
    form.clearErrors();
    form.setValue('savedRecipientId', '');
  };
  const chooseMode = (mode: 'new' | 'saved') => {
    setRecipientMode(mode);
    form.setValue('savedRecipientId', '');
    form.clearErrors('savedRecipientId');
  };

  const review = () =>
    form.handleSubmit(
      () => {
        setSubmitError(null);
        setReviewed({ values: valuesText, key: newIdempotencyKey() });
        navigate({ search: '?step=review' }, { state: { wire: true } });
      },
      (errors) => {
        const first = FIELD_ORDER.find((f) => errors[f]);
        if (first) form.setFocus(first);
      },
    )();

  const backToEdit = () => {
    setSubmitError(null);
    if (pushedReview) navigate(-1);
    else navigate({ search: '' }, { replace: true });
  };

  const confirm = () => {
    if (!wireType || !attemptKey || send.isPending) return;
    setSubmitError(null);
    send.mutate(
      { type: wireType, values: form.getValues(), recipient, idempotencyKey: attemptKey },
      {
        onSuccess: ({ message, data }) => {
          setSent({ wire: data?.transfer ?? null, message, at: new Date() });
          toast.show({ type: 'success', title: 'Wire Sent', message, duration: 6000 });
        },
        onError: (error) => {
          // Closing "Confirm it's you" is the customer's choice: the review stays, with no error.
          if (isStepUpCancelled(error)) return;
          const onField = serverFieldErrors(error, form.setError, SERVER_FIELDS, FIELD_ORDER);
          setSubmitError(errorMessage(error, 'The wire could not be sent.'));
          // A refused field is fixed on the details step, with the focus in it.
          if (onField) {
            setRefusedField(onField);
            backToEdit();
          }
        },
      },
    );
  };

  if (accounts.isPending) return <PageSpinner label="Loading your accounts" />;

  const chosenType = wireType ?? 'sepa';
  const fee = feeCents(chosenType);
  const amountCents = wireAmountCents(values.amount) ?? 0;
  // The review, the summary and, once sent, the bank's answer name the same day.
  const delivery = wireDelivery(chosenType, now, sent);
  const errors = form.formState.errors;
  // The bank's SWIFT/BIC: the saved recipient's, else the one typed.
  const swiftCode = recipient === 'saved' ? (chosenSaved?.swift_code ?? '') : values.swiftCode;
  const bankCountry = pageType === 'international' ? swiftCountryName(swiftCode) : null;
  const swiftField = (
    <TextField
      label="SWIFT/BIC"
      autoComplete="off"
      maxLength={14}
      hint={
        bankCountry
          ? `Bank in ${bankCountry}`
          : recipient === 'saved-without-swift'
            ? 'This saved recipient has no SWIFT/BIC: enter their bank’s'
            : undefined
      }
      error={errors.swiftCode?.message}
      {...form.register('swiftCode')}
    />
  );

  return (
    <>
      <PageHeader
        title="Wire Transfers"
        description="Send domestic and international wires."
        backTo="/dashboard"
      />
      <div className="wire-layout">
        <div className="stack">
          {step === 'sent' && wireType && sent ? (
            <WireSent sent={sent} onAnother={() => navigate({ search: '' }, { replace: true })} />
          ) : step === 'review' && wireType ? (
            <WireReview
              type={wireType}
              values={values}
              fromAccount={accountById(accountList, values.fromAccount) ?? null}
              savedRecipient={chosenSaved}
              bankCountry={bankCountry}
              delivery={delivery}
              pending={send.isPending}
              error={submitError}
              onBack={backToEdit}
              onConfirm={confirm}
            />
          ) : (
            <form
              className="stack"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                void review();
              }}
              aria-label="Wire transfer"
            >
              <Card>
                <fieldset className="choice-group">
                  <legend>Transfer type</legend>
                  <div className="choice-group__options wire-types">
                    {TYPE_CARDS.map(({ type, info, icon: Icon }) => (
                      <label key={type} className="choice wire-type">
                        <input
                          type="radio"
                          name={`${groupId}-type`}
                          value={type}
                          checked={pageType === type}
                          onChange={() => chooseType(type)}
                        />
                        <Icon size={20} aria-hidden="true" />
                        <span>
                          <strong>{info.title}</strong>
                          <span className="muted wire-type__meta">
                            {formatMoneyCents(info.feeCents)} · {info.processing}
                          </span>
                        </span>
                      </label>
                    ))}
                  </div>
                </fieldset>
              </Card>
              {pageType === 'sepa' ? (
                <Card aria-labelledby="wire-sepa-title">
                  <CardHeader title="SEPA Transfer" id="wire-sepa-title" />
                  <p>
                    SEPA transfers send euros to an account in the Single Euro Payments Area. They
                    are made from Transfer Money, which shows the day’s exchange rate and what
                    arrives in euros before you confirm.
                  </p>
                  <ButtonLink to="/transfer?type=sepa&step=2">Continue to SEPA transfer</ButtonLink>
                </Card>
              ) : (
                <Card>
                  <div className="form">
                    <AccountSelectField
                      label="From Account"
                      accounts={accountList}
                      chosen={values.fromAccount}
                      error={errors.fromAccount?.message}
                      {...form.register('fromAccount')}
                    />
                    <SegmentedChoice
                      label="Recipient"
                      options={RECIPIENT_OPTIONS}
                      value={recipientMode}
                      onChange={chooseMode}
                    />
                    {recipientMode === 'saved' ? (
                      <SelectField
                        label="Saved Recipient"
                        error={errors.savedRecipientId?.message}
                        // The option is the name, the bank under the field: a phone's select
                        // shows one short line.
                        hint={
                          chosenSaved
                            ? `${chosenSaved.bank_name} ${maskAccountNumber(chosenSaved.account)}`
                            : saved.length === 0 && !recipients.isPending
                              ? pageType === 'domestic'
                                ? 'No saved US bank accounts yet. Save one in Transfer Money, or enter a new recipient.'
                                : 'No saved IBANs yet. Save one in Transfer Money, or enter a new recipient.'
                              : undefined
                        }
                        {...form.register('savedRecipientId')}
                      >
                        <option value="">Select recipient</option>
                        {saved.map((r) => (
                          <option key={r.id} value={r.id}>
                            {r.nickname || r.recipient_name}
                          </option>
                        ))}
                      </SelectField>
                    ) : null}
                    {recipientMode === 'saved' && recipient === 'saved-without-swift'
                      ? swiftField
                      : null}
                    {recipientMode === 'saved' ? null : (
                      <>
                        <div className="form-row">
                          <TextField
                            label="Recipient Name"
                            autoComplete="off"
                            maxLength={200}
                            error={errors.recipientName?.message}
                            {...form.register('recipientName')}
                          />
                          <TextField
                            label="Bank Name"
                            autoComplete="off"
                            maxLength={200}
                            error={errors.bankName?.message}
                            {...form.register('bankName')}
                          />
                        </div>
                        <div className="form-row">
                          <TextField
                            label={
                              pageType === 'domestic' ? 'Account Number' : 'IBAN / Account Number'
                            }
                            autoComplete="off"
                            inputMode={pageType === 'domestic' ? 'numeric' : 'text'}
                            maxLength={42}
                            error={errors.accountNumber?.message}
                            {...form.register('accountNumber')}
                          />
                          {pageType === 'domestic' ? (
                            <TextField
                              label="Routing Number"
                              autoComplete="off"
                              inputMode="numeric"
                              maxLength={9}
                              error={errors.routingNumber?.message}
                              {...form.register('routingNumber')}
                            />
                          ) : (
                            swiftField
                          )}
                        </div>
                      </>
                    )}
                    <TextField
                      label="Recipient Address"
                      autoComplete="off"
                      maxLength={500}
                      hint="Street, city and country, as the recipient’s bank holds it"
                      error={errors.recipientAddress?.message}
                      {...form.register('recipientAddress')}
                    />
                    <div className="form-row">
                      <TextField
                        label="Amount (USD)"
                        inputMode="decimal"
                        autoComplete="off"
                        maxLength={20}
                        hint="Minimum $5.00"
                        error={errors.amount?.message}
                        {...form.register('amount')}
                      />
                      <SelectField
                        label="Purpose of Transfer"
                        error={errors.purposeOfPayment?.message}
                        {...form.register('purposeOfPayment')}
                      >
                        <option value="">Select purpose</option>
                        {Object.entries(WIRE_PURPOSES).map(([v, l]) => (
                          <option key={v} value={v}>
                            {l}
                          </option>
                        ))}
                      </SelectField>
                    </div>
                    <TextAreaField
                      label="Message to Recipient"
                      optional
                      rows={2}
                      maxLength={255}
                      error={errors.memo?.message}
                      {...form.register('memo')}
                    />
                    {submitError ? <Alert tone="danger">{submitError}</Alert> : null}
                    <Button type="submit">Review Wire</Button>
                  </div>
                </Card>
              )}
            </form>
          )}
        </div>
        <aside className="stack" aria-label="Wire summary">
          <Card aria-labelledby="wire-summary-title">
            <CardHeader title="Summary" id="wire-summary-title" />
            <dl className="wire-summary">
              <div>
                <dt>Amount</dt>
                <dd className="tabular">{formatMoneyCents(amountCents)}</dd>
              </div>
              <div>
                <dt>Wire fee</dt>
                <dd className="tabular">{formatMoneyCents(fee)}</dd>
              </div>
              <div className="wire-summary__total">
                <dt>Total</dt>
                <dd className="tabular">{formatMoneyCents(amountCents + fee)}</dd>
              </div>
              <div>
                <dt>Delivery</dt>
                <dd>{delivery}</dd>
              </div>
            </dl>
          </Card>
          <Card aria-labelledby="wire-notes-title">
            <CardHeader
              title="Important"
              id="wire-notes-title"
              action={<Info size={20} aria-hidden="true" />}
            />
            <ul className="wire-notes">
              <li>Wire transfers cannot be cancelled once sent.</li>
              <li>International wires take 1-5 business days to arrive.</li>
              <li>Correspondent and receiving bank fees may apply.</li>
              <li>Check the recipient details carefully before sending.</li>
            </ul>
          </Card>
        </aside>
      </div>
    </>
  );
}
