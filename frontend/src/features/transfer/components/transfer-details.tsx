import { CheckCircle2 } from 'lucide-react';
import type { UseFormReturn } from 'react-hook-form';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/feedback';
import { accountName, type Account } from '@/lib/accounts';
import { formatMoney } from '@/lib/format';
import { recipientContact, type TransferForm } from '../api/create-transfer';
import type { RecipientLookup } from '../api/validate-recipient';
import { SEPA_COUNTRIES, SEPA_PURPOSES, todayIso, type TransferType } from '../lib/transfer-types';

function accountLabel(a: Account) {
  const number = a.formatted_account_number ?? `••••${String(a.account_number).slice(-4)}`;
  return `${accountName(a)} (${number}) - ${formatMoney(a.available_balance)} available`;
}

type Props = {
  type: TransferType;
  form: UseFormReturn<TransferForm>;
  accounts: Account[];
  lookup: { result: RecipientLookup | null; checking: boolean };
};

/** Step 2: the fields of the chosen type. */
export function TransferDetails({ type, form, accounts, lookup }: Props) {
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const err = (name: keyof TransferForm) => errors[name]?.message;
  const contact = recipientContact(watch());
  const found = lookup.result?.valid && lookup.result.contact === contact ? lookup.result : null;

  return (
    <div className="form">
      <SelectField label="From Account" error={err('fromAccount')} {...register('fromAccount')}>
        <option value="">Select account</option>
        {accounts.map((a) => (
          <option key={a.id} value={String(a.id)}>
            {accountLabel(a)}
          </option>
        ))}
      </SelectField>

      {type === 'between-accounts' ? (
        <SelectField label="To Account" error={err('toAccount')} {...register('toAccount')}>
          <option value="">Select account</option>
          {accounts.map((a) => (
            <option key={a.id} value={String(a.id)}>
              {accountLabel(a)}
            </option>
          ))}
        </SelectField>
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
          <div className="lookup-status" aria-live="polite">
            {lookup.checking ? <Spinner size="sm" label="Looking up recipient" /> : null}
            {found ? (
              <p className="lookup-status__found">
                <CheckCircle2 size={16} aria-hidden="true" /> Recipient:{' '}
                <strong>{found.recipientName ?? 'verified customer'}</strong>
              </p>
            ) : null}
          </div>
        </>
      ) : null}

      {type === 'external-bank' ? (
        <>
          <TextField
            label="Recipient Name"
            autoComplete="off"
            error={err('recipientName')}
            {...register('recipientName')}
          />
          <TextField
            label="Bank Name"
            autoComplete="off"
            error={err('externalBankName')}
            {...register('externalBankName')}
          />
          <div className="form-row">
            <TextField
              label="Account Number"
              inputMode="numeric"
              autoComplete="off"
              error={err('externalAccountNumber')}
              {...register('externalAccountNumber')}
            />
            <TextField
              label="Routing Number"
              inputMode="numeric"
              autoComplete="off"
              maxLength={9}
              error={err('externalRoutingNumber')}
              {...register('externalRoutingNumber')}
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
          <TextField
            label="Recipient Name"
            autoComplete="off"
            error={err('recipientName')}
            {...register('recipientName')}
          />
          <div className="form-row">
            <TextField
              label="IBAN"
              autoComplete="off"
              spellCheck={false}
              maxLength={42}
              hint="Starts with two letters and two digits, up to 34 characters"
              error={err('recipientIban')}
              {...register('recipientIban')}
            />
            <TextField
              label="SWIFT/BIC"
              optional
              autoComplete="off"
              maxLength={11}
              error={err('recipientSwiftCode')}
              {...register('recipientSwiftCode')}
            />
          </div>
          <TextField
            label="Bank Name"
            autoComplete="off"
            error={err('recipientBankName')}
            {...register('recipientBankName')}
          />
          <div className="form-row">
            <SelectField
              label="Country"
              error={err('recipientCountry')}
              {...register('recipientCountry')}
            >
              <option value="">Select country</option>
              {Object.entries(SEPA_COUNTRIES).map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </SelectField>
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
          label="Amount (USD)"
          type="number"
          inputMode="decimal"
          min={5}
          step={0.01}
          error={err('amount')}
          hint={type === 'sepa' ? 'Sent in euros at the day’s exchange rate' : 'Minimum $5.00'}
          {...register('amount')}
        />
        <TextField
          label="Transfer Date"
          type="date"
          // The bank sends transfers on the day: a later date is not offered.
          max={todayIso()}
          error={err('transferDate')}
          {...register('transferDate')}
        />
      </div>
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
