import { ALERT_THRESHOLD_MAX_CENTS, alertMessages, type AlertSettingsView } from '@bank/contracts';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Alert, Skeleton } from '@/components/ui/feedback';
import { Checkbox, SelectField, TextField } from '@/components/ui/field';
import { applyServerFieldErrors } from '@/components/ui/server-errors';
import { accountLabel, accountName, type Account } from '@/lib/accounts';
import { centsOf, plainAmount } from '@/lib/cents';
import { formatMoney } from '@/lib/format';
import { useAccounts } from '@/lib/accounts-query';
import { errorMessage } from '@/lib/error-mapping';
import { toast } from '@/lib/toast-store';
import { useAlerts, useSaveAlerts } from '../api/alerts';

type AlertsFormValues = {
  low_balance_enabled: boolean;
  low_balance_threshold: string;
  /** '' for every account. */
  low_balance_account_id: string;
  large_transaction_enabled: boolean;
  large_transaction_threshold: string;
  card_abroad_enabled: boolean;
};

const FIELDS: readonly (keyof AlertsFormValues)[] = [
  'low_balance_enabled',
  'low_balance_threshold',
  'low_balance_account_id',
  'large_transaction_enabled',
  'large_transaction_threshold',
  'card_abroad_enabled',
];

/** An amount as typed: the server's message when it cannot be accepted. */
export function thresholdError(text: string): string | true {
  if (text.trim() === '') return alertMessages.required;
  const value = plainAmount(text);
  if (value === null) return alertMessages.notWholeCents;
  const amount = Number(value);
  if (amount <= 0) return alertMessages.notPositive;
  if (amount > ALERT_THRESHOLD_MAX_CENTS / 100) return alertMessages.tooLarge;
  return true;
}

/**
 * The chosen accounts whose balance is already below a low-balance amount as typed: no alert
 * comes for them until the balance has been back at or above it. Empty for an amount not valid.
 */
export function alreadyBelow<A extends Pick<Account, 'id' | 'balance'>>(
  accounts: A[],
  threshold: string,
  accountId: string,
): A[] {
  if (thresholdError(threshold) !== true) return [];
  const cents = centsOf(plainAmount(threshold) ?? '0');
  return accounts.filter(
    (a) => (accountId === '' || String(a.id) === accountId) && centsOf(a.balance) < cents,
  );
}

const amountText = (dollars: number | null) => (dollars === null ? '' : dollars.toFixed(2));

function formValuesOf(alerts: AlertSettingsView): AlertsFormValues {
  return {
    low_balance_enabled: alerts.low_balance_enabled,
    low_balance_threshold: amountText(alerts.low_balance_threshold),
    low_balance_account_id: alerts.low_balance_account_id ?? '',
    large_transaction_enabled: alerts.large_transaction_enabled,
    large_transaction_threshold: amountText(alerts.large_transaction_threshold),
    card_abroad_enabled: alerts.card_abroad_enabled,
  };
}

function AlertsFormBody({ alerts, accounts }: { alerts: AlertSettingsView; accounts: Account[] }) {
  const save = useSaveAlerts();
  const form = useForm<AlertsFormValues>({ defaultValues: formValuesOf(alerts) });
  const { errors } = form.formState;
  const lowOn = form.watch('low_balance_enabled');
  const largeOn = form.watch('large_transaction_enabled');
  const below = lowOn
    ? alreadyBelow(
        accounts,
        form.watch('low_balance_threshold'),
        form.watch('low_balance_account_id'),
      )
    : [];
  const submit = (values: AlertsFormValues) =>
    save.mutate(
      {
        low_balance_enabled: values.low_balance_enabled,
        low_balance_threshold: values.low_balance_enabled
          ? plainAmount(values.low_balance_threshold)
          : null,
        low_balance_account_id: values.low_balance_account_id || null,
        large_transaction_enabled: values.large_transaction_enabled,
        large_transaction_threshold: values.large_transaction_enabled
          ? plainAmount(values.large_transaction_threshold)
          : null,
        card_abroad_enabled: values.card_abroad_enabled,
      },
      {
        onSuccess: (saved) => {
          form.reset(formValuesOf(saved));
          toast.success('Alerts saved');
        },
        onError: (e) => {
          if (!applyServerFieldErrors(e, form.setError, {}, FIELDS)) {
            toast.error(errorMessage(e, 'Your alerts could not be saved'));
          }
        },
      },
    );
  return (
    <form className="form alerts-form" noValidate onSubmit={form.handleSubmit(submit)}>
      <fieldset className="prefs">
        <legend className="section-title">Alerts</legend>
        <p className="muted">
          Each alert arrives as a notification, whatever your choices above. A low balance alert
          comes once when the balance drops below your amount, and again only after it has been back
          at or above it.
        </p>
        <div className="prefs__item">
          <Checkbox label="Low balance" {...form.register('low_balance_enabled')} />
          {lowOn ? (
            <div className="alerts-form__fields">
              <TextField
                label="Alert me when the balance falls below"
                inputMode="decimal"
                autoComplete="off"
                hint="In dollars, for example 100 or 99.50"
                error={errors.low_balance_threshold?.message}
                {...form.register('low_balance_threshold', {
                  validate: (v, all) => !all.low_balance_enabled || thresholdError(v),
                })}
              />
              <SelectField
                label="On"
                error={errors.low_balance_account_id?.message}
                {...form.register('low_balance_account_id')}
              >
                <option value="">Any of my accounts</option>
                {accounts.map((a) => (
                  <option key={a.id} value={String(a.id)}>
                    {accountLabel(a)}
                  </option>
                ))}
              </SelectField>
              {below.length ? (
                <p className="muted alerts-form__below">
                  Already below this amount:{' '}
                  {below.map((a) => `${accountName(a)} (${formatMoney(a.balance)})`).join(', ')}. No
                  alert comes for {below.length === 1 ? 'it' : 'them'} now: one comes when the
                  balance falls below the amount again after being at or above it.
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
        <div className="prefs__item">
          <Checkbox label="Large transaction" {...form.register('large_transaction_enabled')} />
          {largeOn ? (
            <div className="alerts-form__fields">
              <TextField
                label="Alert me about any single transaction of at least"
                inputMode="decimal"
                autoComplete="off"
                hint="Money in or out, in dollars"
                error={errors.large_transaction_threshold?.message}
                {...form.register('large_transaction_threshold', {
                  validate: (v, all) => !all.large_transaction_enabled || thresholdError(v),
                })}
              />
            </div>
          ) : null}
        </div>
        <div className="prefs__item">
          <Checkbox
            label="Card used abroad"
            aria-describedby="alert-abroad-hint"
            {...form.register('card_abroad_enabled')}
          />
          <p className="muted prefs__hint" id="alert-abroad-hint">
            A card purchase made outside the United States
          </p>
        </div>
      </fieldset>
      <div>
        <Button type="submit" loading={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Alerts'}
        </Button>
      </div>
    </form>
  );
}

/** The alerts the customer sets, with thresholds; saved on the server, which raises them. */
export function AlertsForm() {
  const alerts = useAlerts();
  // The account choice is drawn with its options, so the saved one shows as chosen.
  const accounts = useAccounts();
  if (alerts.isError || accounts.isError) {
    return <Alert tone="danger">Your alerts could not be loaded. Please try again later.</Alert>;
  }
  if (!alerts.data || !accounts.data) return <Skeleton height="10rem" />;
  return <AlertsFormBody alerts={alerts.data} accounts={accounts.data} />;
}
