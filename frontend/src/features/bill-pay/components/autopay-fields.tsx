import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { AccountSelectField } from '@/components/accounts/account-select-field';
import { Checkbox, TextField } from '@/components/ui/field';
import type { Account } from '@/lib/accounts';
import { formatMoney } from '@/lib/format';
import type { AutopayForm } from '../api/change-autopay';

/**
 * Enable AutoPay, and its day, amount and account to pay from, which appear only when it is
 * enabled: the same fields in the Add payee form and in a payee's AutoPay form.
 */
export function AutopayFields<T extends AutopayForm>(props: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  enabled: boolean;
  /** The customer's accounts, which AutoPay may pay from. */
  accounts: Account[];
  /** The id of the account chosen to pay from, as the form holds it now. */
  account: string;
  /**
   * The payee's default amount, which an empty AutoPay amount pays: null when it has none (the
   * AutoPay amount is then needed); left out in the Add payee form, where it is typed beside.
   */
  defaultAmount?: number | null;
}) {
  // A form of T has the AutoPay form's fields, under the same names and of the same types.
  const register = props.register as unknown as UseFormRegister<AutopayForm>;
  const errors = props.errors as FieldErrors<AutopayForm>;
  const enabled = props.enabled;
  return (
    <>
      <Checkbox label="Enable AutoPay" {...register('autopay_enabled')} />
      {enabled ? (
        <AccountSelectField
          label="Pay From"
          accounts={props.accounts}
          chosen={props.account}
          error={errors.autopay_account_id?.message}
          {...register('autopay_account_id')}
        />
      ) : null}
      {enabled ? (
        <div className="form-row">
          <TextField
            label="AutoPay Day of Month"
            type="number"
            inputMode="numeric"
            min={1}
            max={31}
            step={1}
            error={errors.autopay_day?.message}
            {...register('autopay_day')}
          />
          <TextField
            label="AutoPay Amount"
            optional={props.defaultAmount !== null}
            type="number"
            inputMode="decimal"
            min={0.01}
            step={0.01}
            hint={
              props.defaultAmount === undefined
                ? 'Leave empty to pay the default amount'
                : props.defaultAmount === null
                  ? undefined
                  : `Leave empty to pay the default amount (${formatMoney(props.defaultAmount)})`
            }
            error={errors.autopay_amount?.message}
            {...register('autopay_amount')}
          />
        </div>
      ) : null}
    </>
  );
}
