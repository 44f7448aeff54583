import { forwardRef, type SelectHTMLAttributes } from 'react';
import { SelectField } from '@/components/ui/field';
import { accountName, type Account } from '@/lib/accounts';
import { formatMoney } from '@/lib/format';

type Props = SelectHTMLAttributes<HTMLSelectElement> & {
  accounts: Account[];
  /** The chosen account's id (the form's from_account_id). */
  chosen: string;
  error?: string | undefined;
};

/**
 * Pay From: the accounts by name, and the chosen one's available balance under the field. A select
 * shows one line, and a name with its balance ("Premium Checking - $17,336.98") is wider than a
 * phone's dialog leaves it, so the balance was cut off; under the field it has the whole width.
 */
export const PayFromField = forwardRef<HTMLSelectElement, Props>(function PayFromField(
  { accounts, chosen, error, ...rest },
  ref,
) {
  const account = accounts.find((a) => String(a.id) === chosen);
  return (
    <SelectField
      ref={ref}
      label="Pay From"
      error={error}
      hint={account ? `Available balance: ${formatMoney(account.available_balance)}` : undefined}
      {...rest}
    >
      <option value="">Select account</option>
      {accounts.map((a) => (
        <option key={a.id} value={String(a.id)}>
          {accountName(a)}
        </option>
      ))}
    </SelectField>
  );
});
