import { forwardRef, type SelectHTMLAttributes } from 'react';
import { SelectField } from '@/components/ui/field';
import { accountById, accountLabel, type Account, type LabelledAccount } from '@/lib/accounts';
import { formatMoney } from '@/lib/format';

/** What the picker needs of an account. */
export type PickableAccount = Pick<Account, 'id' | 'available_balance'> & LabelledAccount;

type Props = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  accounts: PickableAccount[];
  /** The chosen account's id, as the form holds it ('' when none). */
  chosen: string;
  error?: string | undefined;
  /** The page hides balances ("Hide balances"): no amount is shown. */
  balanceHidden?: boolean;
};

/**
 * An account picker: the accounts by name and last four (two business accounts share a name), and the chosen one's available balance under the
 * field. A select shows one line, and a name with its balance ("Premium Checking - $17,336.98")
 * is wider than a phone leaves it, so the balance was cut off; under the field it has the whole
 * width, and the select is described by it.
 */
export const AccountSelectField = forwardRef<HTMLSelectElement, Props>(function AccountSelectField(
  { accounts, chosen, balanceHidden = false, ...rest },
  ref,
) {
  const account = accountById(accounts, chosen);
  return (
    <SelectField
      ref={ref}
      hint={
        account && !balanceHidden
          ? `Available balance: ${formatMoney(account.available_balance)}`
          : undefined
      }
      {...rest}
    >
      <option value="">Select account</option>
      {accounts.map((a) => (
        <option key={a.id} value={String(a.id)}>
          {accountLabel(a)}
        </option>
      ))}
    </SelectField>
  );
});
