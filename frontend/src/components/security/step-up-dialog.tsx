import { TWO_FACTOR_MESSAGES } from '@bank/contracts/auth-messages';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { ApiError, onStepUpRequired } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-mapping';
import { stepUp, twoFactorIsOn } from './two-factor-api';

type Mode = 'password' | 'code';

const LOOKS_LIKE_CODE = "Looks like a code? Choose 'Use an authenticator code instead'.";

/**
 * "Confirm it's you": opened whenever the server answers STEP_UP_REQUIRED (revealing a card,
 * changing contact details, the mailing address or the password, a card's first PIN, adding a
 * payee, turning off two-factor). Once the
 * customer gives their password or an authenticator code, the refused request is sent again.
 */
export function StepUpDialog() {
  const resolver = useRef<((confirmed: boolean) => void) | null>(null);
  const waiting = useRef<Promise<boolean> | null>(null);
  const [open, setOpen] = useState(false);
  const [chosenMode, setMode] = useState<Mode>('password');
  // An authenticator code is offered only to a customer who has two-factor sign-in on.
  const [codeOffered, setCodeOffered] = useState(false);
  useEffect(() => {
    if (!open) return;
    const asking = new AbortController();
    twoFactorIsOn(asking.signal)
      .then(setCodeOffered)
      .catch(() => {
        if (!asking.signal.aborted) setCodeOffered(false);
      });
    return () => asking.abort();
  }, [open]);
  const mode: Mode = codeOffered ? chosenMode : 'password';
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // Locked (423) or out of tries (429): the server's message says so, and Confirm stays off until
  // the dialog is opened again, as another try could only be refused the same way. The field turns
  // read-only (typing would clear the message) and new (its key), so that its autoFocus takes the
  // focus the disabled Confirm button loses.
  const [stopped, setStopped] = useState(false);
  // A code as apps show it ("123 456") or typed in one: the bank reads both.
  const codeLike = codeOffered && /^\d{3} ?\d{3}$/.test(value.trim());

  useEffect(() => {
    onStepUpRequired(() => {
      // Requests refused together wait for the same confirmation.
      waiting.current ??= new Promise<boolean>((resolve) => {
        resolver.current = resolve;
        setOpen(true);
      });
      return waiting.current;
    });
    return () => onStepUpRequired(null);
  }, []);

  const finish = (confirmed: boolean) => {
    resolver.current?.(confirmed);
    resolver.current = null;
    waiting.current = null;
    setOpen(false);
    setValue('');
    setError(undefined);
    setStopped(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) {
      setError(
        mode === 'password'
          ? TWO_FACTOR_MESSAGES.passwordRequired
          : TWO_FACTOR_MESSAGES.codeRequired,
      );
      return;
    }
    // Six digits cannot be the password (passwords have at least 8 characters): sending it would
    // only cost a wrong try towards the sign-in lockout, so the customer is pointed to the code.
    if (mode === 'password' && codeLike) {
      setError(LOOKS_LIKE_CODE);
      return;
    }
    setBusy(true);
    try {
      await stepUp(mode === 'password' ? { password: value } : { code: value.trim() });
      finish(true);
    } catch (e) {
      setStopped(e instanceof ApiError && (e.status === 423 || e.status === 429));
      setError(errorMessage(e, 'We could not confirm it is you. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const switchMode = () => {
    setMode((m) => (m === 'password' ? 'code' : 'password'));
    // A code typed into the password field goes with the customer, who need not type it again.
    setValue(codeLike && mode === 'password' ? value.trim() : '');
    setError(undefined);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) finish(false);
      }}
      stacked
      title="Confirm it’s you"
      description={
        codeOffered
          ? 'For your security, this needs your password (or a code from your authenticator app) again.'
          : 'For your security, this needs your password again.'
      }
    >
      <form className="form" noValidate onSubmit={submit}>
        {mode === 'password' ? (
          <TextField
            key={`password${stopped}`}
            readOnly={stopped}
            label="Password"
            type="password"
            autoComplete="current-password"
            autoFocus
            value={value}
            hint={codeLike && error !== LOOKS_LIKE_CODE ? LOOKS_LIKE_CODE : undefined}
            error={error}
            onChange={(e) => {
              setValue(e.target.value);
              setError(undefined);
            }}
          />
        ) : (
          <TextField
            key={`code${stopped}`}
            readOnly={stopped}
            label="Authenticator code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            autoFocus
            value={value}
            error={error}
            onChange={(e) => {
              setValue(e.target.value);
              setError(undefined);
            }}
          />
        )}
        {codeOffered && !stopped ? (
          <Button type="button" variant="ghost" size="sm" onClick={switchMode}>
            {mode === 'password' ? 'Use an authenticator code instead' : 'Use my password instead'}
          </Button>
        ) : null}
        <div className="dialog__actions">
          <Button type="button" variant="secondary" onClick={() => finish(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={stopped}>
            Confirm
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
