import { CheckCircle2 } from 'lucide-react';
import type { UseFormReturn } from 'react-hook-form';
import { AccountSelectField } from '@/components/accounts/account-select-field';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/feedback';
import type { Account } from '@/lib/accounts';
import { centsOf } from '@/lib/cents';
import { formatMoneyCents } from '@/lib/format';
import {
  debitedCents,
  MIN_TRANSFER,
  recipientContact,
  type TransferForm,
} from '../api/create-transfer';
import type { RecipientLookup } from '../api/validate-recipient';
import type { Retype } from '../lib/transfer-draft';
import { SavedRecipientPicker } from './saved-recipients';
import { SchedulePlanFields } from './schedule-plan-fields';
import {
  ibanReadyToCheck,
  lastSchedulableDate,
  routingReadyToCheck,
  SEPA_COUNTRIES,
  SEPA_PURPOSES,
  TRANSFER_TYPE_INFO,
  bankToday,
  type TransferType,
} from '../lib/transfer-types';

type Props = {
  type: TransferType;
  form: UseFormReturn<TransferForm>;
  accounts: Account[];
  lookup: { result: RecipientLookup | null; checking: boolean };
  /** Account numbers a reload did not keep (their last 4), to be typed again. */
  retype?: Retype;
};

/** Asks again, while the field is empty, for an account number a reload did not keep. */
export function retypeHint(what: string, last: string | undefined, typed: string) {
  if (!last || typed.trim() !== '') return undefined;
  return `For your security, the ${what} is not kept when the page reloads. Please enter the ${what} ending in ${last} again.`;
}

/**
 * A SEPA amount is typed, held and debited in dollars (the bank converts it, and quotes its rate
 * on the review): what leaves the account is the amount plus the fee, in dollars.
 */
export function sepaAmountHint(amount: string): string {
  const typed = amount.trim();
  const euros = 'The recipient gets euros at the bank’s rate, shown before you confirm.';
  if (!/^\d+(\.\d{1,2})?$/.test(typed) || centsOf(typed) < centsOf(MIN_TRANSFER)) {
    return `Minimum $5.00, plus the ${formatMoneyCents(TRANSFER_TYPE_INFO.sepa.feeCents)} fee. ${euros}`;
  }
  const debited = debitedCents('sepa', typed);
  return `${formatMoneyCents(debited)} will be debited from your account, including the ${formatMoneyCents(TRANSFER_TYPE_INFO.sepa.feeCents)} fee. ${euros}`;
}

/** Step 2: the fields of the chosen type. */
export function TransferDetails({ type, form, accounts, lookup, retype = {} }: Props) {
  const {
    register,
    watch,
    trigger,
    getValues,
    formState: { errors },
  } = form;
  const err = (name: keyof TransferForm) => errors[name]?.message;
  /**
   * A field checked as the customer types, before any Review click: once its value can be judged
   * (`ready`), or while it shows an error, so the error goes as soon as the value is fixed.
   * `also` is another field whose verdict depends on this one.
   */
  const checkedAsTyped = (
    name: keyof TransferForm,
    ready: (value: string) => boolean,
    also?: { name: keyof TransferForm; ready: (value: string) => boolean },
  ) => {
    const field = register(name);
    return {
      ...field,
      onChange: async (event: { target: { value: string } }) => {
        await field.onChange(event);
        if (errors[name] || ready(event.target.value)) void trigger(name);
        if (also && (errors[also.name] || also.ready(getValues(also.name))))
          void trigger(also.name);
      },
    };
  };
  const ibanCheck = { name: 'recipientIban' as const, ready: ibanReadyToCheck };
  // A chosen To account is judged at once, and again when From changes: they must differ.
  const chosen = (value: string) => value !== '';
  const toAccountCheck =
    type === 'between-accounts' ? { name: 'toAccount' as const, ready: chosen } : undefined;
  const contact = recipientContact(watch());
  const found = lookup.result?.valid && lookup.result.contact === contact ? lookup.result : null;
  // A lookup that found nobody says so as soon as it answers, unless a field already says why.
  const refusal = lookup.result && !lookup.result.valid ? lookup.result : null;
  const refused =
    refusal?.contact === contact && !err('recipientEmail') && !err('recipientPhone')
      ? refusal.message
      : null;
  // A saved recipient's details are the bank's: shown, not edited (the account is masked).
  const saved = watch('savedRecipientId') !== '';
  const fixed = saved ? { readOnly: true, hint: undefined } : {};

  return (
    <div className="form">
      <AccountSelectField
        label="From Account"
        accounts={accounts}
        chosen={watch('fromAccount')}
        error={err('fromAccount')}
        {...checkedAsTyped('fromAccount', () => false, toAccountCheck)}
      />

      {type === 'between-accounts' ? (
        <AccountSelectField
          label="To Account"
          accounts={accounts}
          chosen={watch('toAccount')}
          error={err('toAccount')}
          {...checkedAsTyped('toAccount', chosen)}
        />
      ) : null}

      {type === 'same-bank' ? (
        <>
          <div className="form-row">
            <TextField
              label="Recipient Email"
              type="email"
              autoComplete="off"
              hint="Enter an email or a phone number"
              error={err('recipientEmail')}
              {...register('recipientEmail')}
            />
            <TextField
              label="Recipient Phone"
              type="tel"
              autoComplete="off"
              error={err('recipientPhone')}
              {...register('recipientPhone')}
            />
          </div>
          {/* Kept for screen readers while empty, but then it takes no room under the fields. */}
          <div
            className={`lookup-status${lookup.checking || found || refused ? '' : ' sr-only'}`}
            aria-live="polite"
          >
            {lookup.checking ? <Spinner size="sm" label="Looking up recipient" /> : null}
            {found ? (
              <p className="lookup-status__found">
                <CheckCircle2 size={16} aria-hidden="true" /> Recipient:{' '}
                <strong>{found.recipientName ?? 'verified customer'}</strong>
              </p>
            ) : null}
            {!lookup.checking && refused ? (
              <p className="lookup-status__refused">{refused}</p>
            ) : null}
          </div>
        </>
      ) : null}

      {type === 'external-bank' ? (
        <>
          <SavedRecipientPicker type={type} form={form} />
          <TextField
            label="Recipient Name"
            autoComplete="off"
            error={err('recipientName')}
            {...register('recipientName')}
            {...fixed}
          />
          <TextField
            label="Bank Name"
            autoComplete="off"
            error={err('externalBankName')}
            {...register('externalBankName')}
            {...fixed}
          />
          <div className="form-row">
            <TextField
              label="Account Number"
              inputMode="numeric"
              autoComplete="off"
              hint={retypeHint(
                'account number',
                retype.externalAccountNumber,
                watch('externalAccountNumber'),
              )}
              error={err('externalAccountNumber')}
              {...register('externalAccountNumber')}
              {...fixed}
            />
            <TextField
              label="Routing Number"
              inputMode="numeric"
              autoComplete="off"
              maxLength={9}
              error={err('externalRoutingNumber')}
              {...checkedAsTyped('externalRoutingNumber', routingReadyToCheck)}
              {...fixed}
            />
          </div>
          <TextField
            label="Recipient Address"
            optional
            autoComplete="off"
            error={err('recipientAddress')}
            {...register('recipientAddress')}
          />
        </>
      ) : null}

      {type === 'sepa' ? (
        <>
          <SavedRecipientPicker type={type} form={form} />
          <TextField
            label="Recipient Name"
            autoComplete="off"
            error={err('recipientName')}
            {...register('recipientName')}
            {...fixed}
          />
          <div className="form-row">
            <TextField
              label="IBAN"
              autoComplete="off"
              spellCheck={false}
              maxLength={42}
              hint={
                retypeHint('IBAN', retype.recipientIban, watch('recipientIban')) ??
                'Starts with two letters and two digits, up to 34 characters'
              }
              error={err('recipientIban')}
              {...checkedAsTyped('recipientIban', ibanReadyToCheck)}
              {...fixed}
            />
            <TextField
              label="SWIFT/BIC"
              optional
              autoComplete="off"
              maxLength={11}
              error={err('recipientSwiftCode')}
              {...register('recipientSwiftCode')}
              {...fixed}
            />
          </div>
          <TextField
            label="Bank Name"
            autoComplete="off"
            error={err('recipientBankName')}
            {...register('recipientBankName')}
            {...fixed}
          />
          <div className="form-row">
            {saved ? (
              <TextField
                label="Country"
                readOnly
                value={SEPA_COUNTRIES[watch('recipientCountry')] ?? watch('recipientCountry')}
              />
            ) : (
              <SelectField
                label="Country"
                error={err('recipientCountry')}
                {...checkedAsTyped('recipientCountry', () => false, ibanCheck)}
              >
                <option value="">Select country</option>
                {Object.entries(SEPA_COUNTRIES).map(([code, name]) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </SelectField>
            )}
            <SelectField
              label="Purpose of Payment"
              error={err('purposeOfPayment')}
              {...register('purposeOfPayment')}
            >
              <option value="">Select purpose</option>
              {Object.entries(SEPA_PURPOSES).map(([code, name]) => (
                <option key={code} value={code}>
                  {name} ({code})
                </option>
              ))}
            </SelectField>
          </div>
        </>
      ) : null}

      <div className="form-row">
        <TextField
          label={type === 'sepa' ? 'Amount (USD), sent as EUR' : 'Amount (USD)'}
          type="number"
          inputMode="decimal"
          min={5}
          step={0.01}
          error={err('amount')}
          hint={type === 'sepa' ? sepaAmountHint(watch('amount')) : 'Minimum $5.00'}
          {...register('amount')}
        />
        <TextField
          label="Transfer Date"
          type="date"
          // A later date schedules the transfer; SEPA's rate is quoted for today only.
          min={bankToday()}
          max={type === 'sepa' ? bankToday() : lastSchedulableDate(bankToday())}
          hint={
            type === 'sepa'
              ? 'SEPA transfers are sent today'
              : 'A later date schedules the transfer'
          }
          error={err('transferDate')}
          {...register('transferDate')}
        />
      </div>
      {type !== 'sepa' ? <SchedulePlanFields form={form} /> : null}
      <TextAreaField
        label="Memo"
        optional
        rows={2}
        maxLength={255}
        error={err('memo')}
        {...register('memo')}
      />
    </div>
  );
}
