import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import './security.css';
import { Button } from '@/components/ui/button';
import { Alert, Badge, Spinner } from '@/components/ui/feedback';
import { TextField } from '@/components/ui/field';
import type { TwoFactorSetup } from '@bank/contracts';
import { TWO_FACTOR_MESSAGES } from '@bank/contracts/auth-messages';
import { isStepUpCancelled } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-mapping';
import { toast } from '@/lib/toast-store';
import {
  confirmTwoFactorSetup,
  disableTwoFactor,
  getTwoFactorStatus,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
  twoFactorStatusKey,
} from './two-factor-calls';
import { RecoveryCodes } from './recovery-codes';

/** The QR code of the otpauth:// link, drawn in the browser (the secret goes nowhere else). */
function SetupQrCode({ url }: { url: string }) {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(url, { margin: 1, width: 200 }).then((data) => {
      if (live) setImage(data);
    });
    return () => {
      live = false;
    };
  }, [url]);
  return image ? (
    <img
      className="two-factor__qr"
      src={image}
      width={200}
      height={200}
      alt="QR code to scan with your authenticator app"
    />
  ) : (
    <Spinner label="Drawing the QR code" />
  );
}

function EnrolForm({
  setup,
  onDone,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onDone(codes: string[]): void;
  /** Back to the Off state, without turning two-factor on. */
  onCancel(): void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const confirm = useMutation({ mutationFn: confirmTwoFactorSetup });
  const codeField = useRef<HTMLInputElement>(null);
  // A refused code is said at its field, which takes the focus with the code selected for the next.
  const refuse = (message: string) => {
    setError(message);
    codeField.current?.focus();
    codeField.current?.select();
  };
  // The form replaces the Set up button, which had the focus: the steps take it, so the focus is
  // not dropped to the top of the page and a screen reader reads them next.
  const steps = useRef<HTMLOListElement>(null);
  useEffect(() => steps.current?.focus(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // As apps show it ("123 456") or typed in one: the bank reads both.
    if (!/^\d{3} ?\d{3}$/.test(code.trim())) {
      refuse('Enter the 6-digit code your app shows.');
      return;
    }
    confirm.mutate(code.trim(), {
      onSuccess: (data) => onDone(data.recovery_codes),
      onError: (e) => {
        // Closing "Confirm it's you" leaves the code as typed, with no error.
        if (!isStepUpCancelled(e))
          refuse(errorMessage(e, 'The code could not be checked. Try again.'));
      },
    });
  };
  return (
    <form className="form two-factor__enrol" noValidate onSubmit={submit}>
      <ol className="two-factor__steps" ref={steps} tabIndex={-1}>
        <li>
          Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…).
        </li>
        <li>Scan this QR code, or enter the key by hand.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <SetupQrCode url={setup.otpauth_url} />
      <p>
        Key: <code className="two-factor__secret">{setup.secret}</code>
      </p>
      <TextField
        ref={codeField}
        label="Code from your app"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        value={code}
        error={error}
        onChange={(e) => {
          setCode(e.target.value);
          setError(undefined);
        }}
      />
      <div className="two-factor__actions">
        <Button type="submit" loading={confirm.isPending}>
          Turn on two-factor sign-in
        </Button>
        <Button type="button" variant="secondary" disabled={confirm.isPending} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Ten new recovery codes, shown once; the server asks for step-up first and voids the old ones. */
function RegenerateCodes({ onCodes }: { onCodes(codes: string[]): void }) {
  const regenerate = useMutation({ mutationFn: regenerateRecoveryCodes });
  return (
    <div className="stack">
      <p className="muted">
        Lost your recovery codes or used most of them? New codes replace every earlier one, which
        stops working.
      </p>
      <div>
        <Button
          type="button"
          variant="secondary"
          loading={regenerate.isPending}
          onClick={() =>
            regenerate.mutate(undefined, {
              onSuccess: (data) => {
                toast.success('New recovery codes are ready. Your old codes no longer work.');
                onCodes(data.recovery_codes);
              },
              onError: (e) => {
                // Closing "Confirm it's you" is the customer's choice, not a failure.
                if (!isStepUpCancelled(e))
                  toast.error(errorMessage(e, 'New codes could not be made.'));
              },
            })
          }
        >
          Get new recovery codes
        </Button>
      </div>
    </div>
  );
}

function DisableForm() {
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const disable = useMutation({ mutationFn: disableTwoFactor });
  const passwordField = useRef<HTMLInputElement>(null);
  const refuse = (message: string) => {
    setError(message);
    passwordField.current?.focus();
    passwordField.current?.select();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      refuse(TWO_FACTOR_MESSAGES.passwordRequired);
      return;
    }
    disable.mutate(password, {
      onSuccess: () => {
        toast.success('Two-factor sign-in is off.');
        setPassword('');
        void queryClient.invalidateQueries({ queryKey: twoFactorStatusKey });
      },
      onError: (e) => {
        // Closing "Confirm it's you" leaves the form as it was, the password still in it.
        if (!isStepUpCancelled(e))
          refuse(errorMessage(e, 'Two-factor sign-in could not be turned off.'));
      },
    });
  };
  return (
    <form className="form" noValidate onSubmit={submit}>
      <TextField
        ref={passwordField}
        label="Password"
        type="password"
        autoComplete="current-password"
        hint="Turning two-factor off needs your password."
        value={password}
        error={error}
        onChange={(e) => {
          setPassword(e.target.value);
          setError(undefined);
        }}
      />
      <div>
        <Button type="submit" variant="danger" loading={disable.isPending}>
          Turn off two-factor sign-in
        </Button>
      </div>
    </form>
  );
}

/** Security settings: two-factor sign-in with an authenticator app (TOTP) and recovery codes. */
export function TwoFactorSettings() {
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: twoFactorStatusKey,
    queryFn: ({ signal }) => getTwoFactorStatus(signal),
  });
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const start = useMutation({ mutationFn: startTwoFactorSetup });
  // Cancelling the set-up gives the focus back to the button that started it.
  const setupButton = useRef<HTMLButtonElement>(null);
  const [backToSetup, setBackToSetup] = useState(false);
  useEffect(() => {
    if (!backToSetup) return;
    setupButton.current?.focus();
    setBackToSetup(false);
  }, [backToSetup]);

  const body = () => {
    if (recoveryCodes) {
      return (
        <RecoveryCodes
          codes={recoveryCodes}
          onSaved={() => {
            setRecoveryCodes(null);
            void queryClient.invalidateQueries({ queryKey: twoFactorStatusKey });
          }}
        />
      );
    }
    if (status.isPending) return <Spinner label="Loading two-factor status" />;
    if (status.isError) {
      return <Alert tone="danger">Two-factor status is unavailable. Please try again later.</Alert>;
    }
    if (status.data.enabled) {
      return (
        <>
          <p>
            <Badge tone="success">On</Badge> Signing in asks for a code from your authenticator app.
            Recovery codes left: {status.data.recovery_codes_left}.
          </p>
          <RegenerateCodes onCodes={setRecoveryCodes} />
          <DisableForm />
        </>
      );
    }
    if (setup) {
      return (
        <EnrolForm
          setup={setup}
          onDone={(codes) => {
            setSetup(null);
            setRecoveryCodes(codes);
            toast.success('Two-factor sign-in is on.');
          }}
          onCancel={() => {
            setSetup(null);
            setBackToSetup(true);
          }}
        />
      );
    }
    return (
      <>
        <p>
          <Badge>Off</Badge> Add a second step to signing in: a 6-digit code from an authenticator
          app on your phone.
        </p>
        <div>
          <Button
            ref={setupButton}
            type="button"
            loading={start.isPending}
            onClick={() =>
              start.mutate(undefined, {
                onSuccess: setSetup,
                onError: (e) => {
                  // Closing "Confirm it's you" is the customer's choice: the page stays as it was.
                  if (!isStepUpCancelled(e))
                    toast.error(errorMessage(e, 'Set-up could not start.'));
                },
              })
            }
          >
            Set up two-factor sign-in
          </Button>
        </div>
      </>
    );
  };

  return (
    <section className="stack two-factor" aria-labelledby="two-factor-title">
      <h2 className="section-title" id="two-factor-title">
        Two-Factor Sign-In
      </h2>
      {body()}
    </section>
  );
}
