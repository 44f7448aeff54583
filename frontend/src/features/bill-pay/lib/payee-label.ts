import type { Payee } from '../api/get-payees';

type Named = Pick<Payee, 'id' | 'name' | 'display_name' | 'formatted_account_number'>;

const same = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * A payee's account as listed under its name: the masked number, after the company's name when a
 * nickname stands in for it ("City Power ****4455" under "Rental flat").
 */
export function payeeAccount(p: Named): string {
  return same(p.display_name, p.name)
    ? p.formatted_account_number
    : `${p.name} ${p.formatted_account_number}`;
}

/**
 * A payee's name where it must be told from the others (a list of choices, a button's name): its
 * masked account follows when another payee of the list has the same name.
 */
export function payeeLabel(p: Named, all: readonly Named[]): string {
  const twin = all.some((o) => o.id !== p.id && same(o.display_name, p.display_name));
  return twin ? `${p.display_name} ${p.formatted_account_number}` : p.display_name;
}
