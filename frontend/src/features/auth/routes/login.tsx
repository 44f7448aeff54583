import { zodResolver } from '@hookform/resolvers/zod';
import { Eye, EyeOff } from 'lucide-react';
import { startTransition, useEffect, useState, type ChangeEvent, type ClipboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/feedback';
import { Checkbox, FieldErrorList, TextField } from '@/components/ui/field';
import { useDocumentTitle } from '@/components/ui/page';
import { TwoFactorSignIn } from '@/components/security/two-factor-sign-in';
import { ApiError, firstFieldErrors } from '@/lib/api-client';
import { useAuth, type Session } from '@/lib/auth';
import { errorMessage } from '@/lib/error-mapping';
import { maskAccountNumber } from '@/lib/format';
import {
  forgetReturnPath,
  forgetSignOut,
  peekIdleMinutes,
  peekReturnPath,
  peekSignOut,
  type SignOutReason,
} from '@/lib/session-storage';
import { loginSchema, useLogin, type LoginInput } from '../api/login';
import { AuthLayout } from '../components/auth-layout';

const REMEMBER_KEY = 'remembered_account_number';
// The server's lockout rule (failed attempts in a row, then minutes locked), told to the customer.
const LOCK_AFTER_ATTEMPTS = 5;
const LOCK_MINUTES = 15;
const ACCOUNT_DIGITS = 12;

/** The account number field holds digits only: what is typed or pasted, without the rest. */
function keepDigits(input: HTMLInputElement) {
  const text = input.value;
  const caret = input.selectionStart ?? text.length;
  const digitsBefore = text.slice(0, caret).replace(/\D/g, '').length;
  const digits = text.replace(/\D/g, '').slice(0, ACCOUNT_DIGITS);
  if (input.value !== digits) input.value = digits;
  const at = Math.min(digitsBefore, digits.length);
  input.setSelectionRange(at, at);
}

/** What the page says once after the app signed out (a session the server ended has its own). */
const SIGNED_OUT: Record<Exclude<SignOutReason, 'unconfirmed'>, { title: string; text: string }> = {
  chosen: {
    title: 'You have signed out',
    text: 'Thank you for banking with us. On a shared computer, close the browser to finish.',
  },
  idle: {
    title: 'Signed out',
    text: 'You were signed out after a period of inactivity. Please sign in again.',
  },
  elsewhere: { title: 'Signed out', text: 'You signed out in another window.' },
};

/**
 * Signed out here, but the bank was not reached to end the session (offline, or the servers
 * failing or refusing): it lives on until unused for its idle time, and the customer is told so
 * rather than that they are safely signed out, with how to end it sooner.
 */
function UnconfirmedSignOut({
  idleMinutes,
  onDismiss,
}: {
  idleMinutes: number | null;
  onDismiss(): void;
}) {
  const unused = idleMinutes ? `${idleMinutes} minutes` : 'a while';
  return (
    <Alert
      tone="warning"
      title="Signed out on this device only"
      action={
        <Button variant="secondary" size="sm" onClick={onDismiss}>
          Dismiss
        </Button>
      }
    >
      <p>
        We could not end your session at the bank, so it stays open until it has gone unused for{' '}
        {unused}. To end it now, sign in again and choose{' '}
        <strong>Sign out of all other sessions</strong> under Profile Settings, Security Settings.
      </p>
    </Alert>
  );
}

export default function LoginRoute() {
  useDocumentTitle('Sign in');
  const navigate = useNavigate();
  const [signedOutReason, setSignedOutReason] = useState(peekSignOut);
  const [idleMinutes] = useState(peekIdleMinutes);
  const signedOut =
    signedOutReason && signedOutReason !== 'unconfirmed' && SIGNED_OUT[signedOutReason];
  // A sign-out is said once; one the bank did not confirm is a warning (the session lives on),
  // kept for the tab through reloads until the customer signs in again or dismisses it.
  useEffect(() => {
    if (peekSignOut() !== 'unconfirmed') forgetSignOut();
  }, []);
  const dismissSignOut = () => {
    forgetSignOut();
    setSignedOutReason(null);
    // The button goes with the warning: the keyboard carries on in the form, not from the page's top.
    form.setFocus(remembered ? 'password' : 'account_number');
  };
  const { signIn } = useAuth();
  const login = useLogin();
  const [showPassword, setShowPassword] = useState(false);
  // A remembered account number signs in as it is, shown masked: it is not for anyone passing by.
  const [remembered, setRemembered] = useState(() => localStorage.getItem(REMEMBER_KEY) ?? '');
  const [remember, setRemember] = useState(Boolean(remembered));
  const [formError, setFormError] = useState<string | null>(null);
  const [locked, setLocked] = useState(false);
  const [returnPath] = useState(peekReturnPath);
  const [serverErrors, setServerErrors] = useState<{ field: string; message: string }[]>([]);
  const [challenge, setChallenge] = useState<string | null>(null);

  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { account_number: remembered, password: '' },
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;

  // The customer came to type: the first field is ready for it (the password when the account
  // number is remembered), without tabbing through the site's menus first.
  useEffect(() => {
    form.setFocus(remembered ? 'password' : 'account_number');
  }, [form, remembered]);

  // Typing clears the error and that field's error.
  const clearOn = (field: keyof LoginInput) => () => {
    setFormError(null);
    setLocked(false);
    setServerErrors([]);
    form.clearErrors(field);
  };

  const finishSignIn = (session: Session) => {
    forgetReturnPath();
    forgetSignOut();
    // The router renders a new address in a transition. The session, set outside of one, would
    // render first, on the sign-in page still, whose guard then sends a signed-in customer on to
    // the dashboard, away from the page they were returning to. Set in the same transition, both
    // render at once, on the new page.
    startTransition(() => {
      signIn(session);
      navigate(returnPath ?? '/dashboard', { replace: true });
    });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    setLocked(false);
    setServerErrors([]);
    try {
      const session = await login.mutateAsync(values);
      if (remember) localStorage.setItem(REMEMBER_KEY, values.account_number);
      else localStorage.removeItem(REMEMBER_KEY);
      if ('two_factor_required' in session) setChallenge(session.challenge_token);
      else finishSignIn(session);
    } catch (error) {
      const message = errorMessage(error, 'Login failed. Please try again.');
      setFormError(message);
      setLocked(error instanceof ApiError && error.code === 'ACCOUNT_LOCKED');
      // The server repeats its message as a field error: list only what the alert does not say.
      if (error instanceof ApiError)
        setServerErrors(firstFieldErrors(error.errors).filter((e) => e.message !== message));
      // The submit button was disabled while it ran, which dropped the focus: put it back where
      // the customer retries (the alert itself is announced as it appears).
      form.setFocus('password', { shouldSelect: true });
    }
  });

  const accountField = form.register('account_number', { onChange: clearOn('account_number') });
  const onAccountChange = (event: ChangeEvent<HTMLInputElement>) => {
    keepDigits(event.target);
    return accountField.onChange(event);
  };
  // The field's 12-character limit would cut "1234 5678 9012" before it is cleaned: clean first.
  const onAccountPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const pasted = event.clipboardData.getData('text');
    if (/^\d*$/.test(pasted)) return;
    event.preventDefault();
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? start;
    const digits = pasted.replace(/\D/g, '');
    input.value = input.value.slice(0, start) + digits + input.value.slice(end);
    input.setSelectionRange(start + digits.length, start + digits.length);
    keepDigits(input);
    form.setValue('account_number', input.value);
    clearOn('account_number')();
  };
  const forgetAccount = () => {
    localStorage.removeItem(REMEMBER_KEY);
    setRemembered('');
    setRemember(false);
    form.setValue('account_number', '');
    clearOn('account_number')();
  };
  const passwordField = form.register('password', { onChange: clearOn('password') });

  if (challenge) {
    return (
      <AuthLayout
        title="Sign in to Online Banking"
        subtitle="Confirm it’s you with your second factor."
      >
        <TwoFactorSignIn
          challengeToken={challenge}
          onSignedIn={finishSignIn}
          onRestart={(message, isLocked) => {
            setChallenge(null);
            form.setValue('password', '');
            setFormError(message);
            setLocked(isLocked);
          }}
          onCancel={() => {
            // The pending challenge is only forgotten here: it expires on its own server-side.
            setChallenge(null);
            form.setValue('password', '');
            setFormError(null);
            setLocked(false);
            setServerErrors([]);
          }}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Sign in to Online Banking"
      subtitle="Use your 12-digit account number and password."
    >
      <form
        className="form"
        onSubmit={onSubmit}
        noValidate
        aria-describedby={formError ? 'login-error' : undefined}
      >
        {returnPath && !formError ? (
          <Alert tone="info" title="Your session has ended">
            <p>Please sign in again to go back to where you were.</p>
          </Alert>
        ) : null}
        {signedOut && !returnPath && !formError ? (
          <Alert tone="success" title={signedOut.title}>
            <p>{signedOut.text}</p>
          </Alert>
        ) : null}
        {signedOutReason === 'unconfirmed' && !returnPath && !formError ? (
          <UnconfirmedSignOut idleMinutes={idleMinutes} onDismiss={dismissSignOut} />
        ) : null}
        {formError ? (
          <div id="login-error">
            <Alert tone="danger" title={locked ? 'Sign-in locked' : 'Sign in failed'}>
              <p>{formError}</p>
              {locked ? (
                <p>
                  Sign-in stays locked for {LOCK_MINUTES} minutes; you can try again after that. To
                  get in sooner, <Link to="/forgot-password">reset your password</Link> or{' '}
                  <Link to="/contact">contact us</Link>.
                </p>
              ) : (
                <p>
                  For your security, sign-in is locked for {LOCK_MINUTES} minutes after{' '}
                  {LOCK_AFTER_ATTEMPTS} failed attempts in a row. Forgotten your password?{' '}
                  <Link to="/forgot-password">Reset it</Link>.
                </p>
              )}
            </Alert>
          </div>
        ) : null}
        <FieldErrorList errors={serverErrors} />
        {remembered ? (
          <div className="field" role="group" aria-labelledby="login-remembered">
            <p className="field__label auth__remembered-label" id="login-remembered">
              Account number
            </p>
            <div className="auth__remembered">
              <span className="auth__remembered-number">
                <span aria-hidden="true">{maskAccountNumber(remembered)}</span>
                <span className="sr-only">ending in {remembered.slice(-4)}</span>
              </span>
              <span className="auth__remembered-other">
                Not you?{' '}
                <Button variant="ghost" size="sm" onClick={forgetAccount}>
                  Use another account
                </Button>
              </span>
            </div>
            {errors.account_number ? (
              <p className="field__error">{errors.account_number.message}</p>
            ) : null}
          </div>
        ) : (
          <TextField
            label="Account number"
            inputMode="numeric"
            autoComplete="username"
            maxLength={ACCOUNT_DIGITS}
            placeholder="12-digit account number"
            error={errors.account_number?.message}
            {...accountField}
            onChange={onAccountChange}
            onPaste={onAccountPaste}
          />
        )}
        <TextField
          label="Password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          error={errors.password?.message}
          className="input--with-trailing"
          trailing={
            <button
              type="button"
              className="icon-btn field__trailing"
              aria-label={showPassword ? 'Hide password' : 'Show password'}
              aria-pressed={showPassword}
              onClick={() => setShowPassword((s) => !s)}
            >
              {showPassword ? (
                <EyeOff size={18} aria-hidden="true" />
              ) : (
                <Eye size={18} aria-hidden="true" />
              )}
            </button>
          }
          {...passwordField}
        />
        <div className="auth__links">
          <Checkbox
            label="Remember my account number"
            checked={remember}
            onChange={(e) => setRemember(e.target.checked)}
          />
          <Link to="/forgot-password">Forgot password?</Link>
        </div>
        <Button type="submit" size="lg" block loading={login.isPending}>
          {login.isPending ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      <p className="auth__footer">
        New to Harborview? <Link to="/register">Open an account</Link>
      </p>
    </AuthLayout>
  );
}
