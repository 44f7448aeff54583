import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { TRANSFER_TYPES, type TransferType } from './transfer-types';

export type Step = 1 | 2 | 3;

/**
 * The address of a step: `?type=<type>&step=2` or `3`; step 1 is the bare page. Each may name the
 * From account (`from=<id>`), so that a reload or Back starts from it again.
 */
export function wizardSearch(type: TransferType | null, step: Step, from?: string | null): string {
  const params = new URLSearchParams();
  if (type && step !== 1) {
    params.set('type', type);
    params.set('step', String(step));
  }
  if (from) params.set('from', from);
  const query = params.toString();
  return query ? `?${query}` : '';
}

function transferType(value: string | null): TransferType | null {
  return (TRANSFER_TYPES as readonly string[]).includes(value ?? '')
    ? (value as TransferType)
    : null;
}

/**
 * The wizard's step and type, kept in the address so that each step is an entry of the browser
 * history: Back and Forward move between the steps and the form keeps what was typed. An entry the
 * wizard pushed is marked, so its own Back button can return to the entry before it.
 *
 * The address also names the From account (`from`): the details keep it up to date with `setFrom`,
 * and a step reached from them carries it on. The first step keeps the account the customer came
 * with (`origin`): a new transfer starts from it, not from the one a previous form had.
 */
export function useWizardHistory() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const type = transferType(params.get('type'));
  const step: Step = type ? (params.get('step') === '3' ? 3 : 2) : 1;
  const pushed = (location.state as { wizard?: boolean } | null)?.wizard === true;
  const from = params.get('from');
  const [origin] = useState(from);

  /** Shows a step in place of the current entry. */
  const replace = (nextType: TransferType | null, nextStep: Step) =>
    navigate(
      { search: wizardSearch(nextType, nextStep, nextStep === 1 ? origin : from) },
      { replace: true },
    );

  return {
    type,
    step,
    /** The From account the address names, as written there (it may name no account of theirs). */
    from,
    /** The From account the customer came with, when the wizard opened. */
    origin,
    /** On to a step, as a new history entry. */
    go: (nextType: TransferType, nextStep: Step) =>
      navigate({ search: wizardSearch(nextType, nextStep, from) }, { state: { wizard: true } }),
    /**
     * Names another From account (null: none) in place of the current entry, keeping its mark:
     * Back does not walk through each account the customer tried.
     */
    setFrom: (nextFrom: string | null) =>
      navigate(
        { search: wizardSearch(type, step, nextFrom) },
        { replace: true, state: location.state as unknown },
      ),
    /** Back one step: the browser's Back when the wizard made this entry, else in its place. */
    back: () => {
      if (pushed) navigate(-1);
      else replace(type, step === 3 ? 2 : 1);
    },
    replace,
  };
}
