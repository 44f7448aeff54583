import { TWO_FACTOR_MESSAGES } from '@bank/contracts/auth-messages';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/feedback';
import { TextField } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';
import type { Session } from '@/lib/auth';
import { errorMessage } from '@/lib/error-mapping';
import { completeTwoFactorLogin } from './two-factor-calls';

type Props = {
  challengeToken: string;
  onSignedIn(session: Session): void;
  /** The challenge ended (expired, or sign-in locked): back to the password with this message. */
  onRestart(message: string, locked: boolean): void;
  /** The customer chose to go back to the account number and password. */
  onCancel(): void;
};

/** The second step of signing in: a code from the authenticator app, or a recovery code. */
export function TwoFactorSignIn({ challengeToken, onSignedIn, onRestart, onCancel }: Props) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(TWO_FACTOR_MESSAGES.codeRequired);
      return;
    }
    setBusy(true);
    try {
      onSignedIn(await completeTwoFactorLogin(challengeToken, code.trim()));
    } catch (e) {
      const message = errorMessage(e, 'Sign-in failed. Please try again.');
      if (e instanceof ApiError && (e.status === 401 || e.code === 'ACCOUNT_LOCKED')) {
        onRestart(message, e.code === 'ACCOUNT_LOCKED');
      } else {
        setError(message);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form" noValidate onSubmit={submit} aria-labelledby="two-factor-title">
      <h2 className="section-title" id="two-factor-title">
        Two-factor verification
      </h2>
      <Alert tone="info" title="One more step">
        <p>
          Enter the 6-digit code from your authenticator app. Lost your phone? Enter one of your
          recovery codes instead.
        </p>
      </Alert>
      <TextField
        label="Authentication code"
        autoComplete="one-time-code"
        autoFocus
        maxLength={32}
        value={code}
        error={error}
        onChange={(e) => {
          setCode(e.target.value);
          setError(undefined);
        }}
      />
      <Button type="submit" size="lg" block loading={busy}>
        {busy ? 'Verifying...' : 'Verify'}
      </Button>
      <Button type="button" variant="ghost" block disabled={busy} onClick={onCancel}>
        Use a different account
      </Button>
    </form>
  );
}
