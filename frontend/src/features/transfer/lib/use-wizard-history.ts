import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { TRANSFER_TYPES, type TransferType } from './transfer-types';

export type Step = 1 | 2 | 3;

/** The address of a step: `?type=<type>&step=2` or `3`; step 1 is the bare page. */
export function wizardSearch(type: TransferType | null, step: Step): string {
  if (!type || step === 1) return '';
  return `?${new URLSearchParams({ type, step: String(step) })}`;
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
 */
export function useWizardHistory() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const type = transferType(params.get('type'));
  const step: Step = type ? (params.get('step') === '3' ? 3 : 2) : 1;
  const pushed = (location.state as { wizard?: boolean } | null)?.wizard === true;

  /** Shows a step in place of the current entry. */
  const replace = (nextType: TransferType | null, nextStep: Step) =>
    navigate({ search: wizardSearch(nextType, nextStep) }, { replace: true });

  return {
    type,
    step,
    /** On to a step, as a new history entry. */
    go: (nextType: TransferType, nextStep: Step) =>
      navigate({ search: wizardSearch(nextType, nextStep) }, { state: { wizard: true } }),
    /** Back one step: the browser's Back when the wizard made this entry, else in its place. */
    back: () => {
      if (pushed) navigate(-1);
      else replace(type, step === 3 ? 2 : 1);
    },
    replace,
  };
}
