import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/feedback';
import { Checkbox, FieldErrorList, SelectField, TextField } from '@/components/ui/field';
import { useDocumentTitle } from '@/components/ui/page';
import { ApiError, firstFieldErrors } from '@/lib/api-client';
import { useAuth, type Session } from '@/lib/auth';
import { errorMessage } from '@/lib/error-mapping';
import { groupDigits } from '@/lib/format';
import { saveSession } from '@/lib/session-storage';
import {
  EMPLOYMENT_STATUSES,
  emptyRegisterForm,
  useRegister,
  type RegisterForm,
} from '../api/register';
import { AuthLayout } from '../components/auth-layout';
import { checkStep, REGISTER_STEPS } from '../lib/register-steps';

export const REDIRECT_DELAY_MS = 3000;

type Step = 1 | 2 | 3;

const EMPLOYMENT_LABEL = Object.fromEntries(EMPLOYMENT_STATUSES.map((s) => [s.value, s.label]));

export default function RegisterRoute() {
  useDocumentTitle('Open an account');
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const registerCall = useRegister();
  const [step, setStep] = useState<Step>(1);
  const [stepError, setStepError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<(keyof RegisterForm)[]>([]);
  const [serverErrors, setServerErrors] = useState<{ field: string; message: string }[]>([]);
  const [created, setCreated] = useState<Session | null>(null);
  const [notOpened, setNotOpened] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const form = useForm<RegisterForm>({ defaultValues: emptyRegisterForm });
  const { register } = form;

  // After success: the new account number shows, then the dashboard after 3 seconds.
  useEffect(() => {
    if (!created) return;
    const timer = setTimeout(() => {
      signIn(created);
      navigate('/dashboard', { replace: true });
    }, REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [created, navigate, signIn]);

  // Move focus to the new step's heading (not on first load).
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  const bad = (field: keyof RegisterForm) => (invalid.includes(field) ? true : undefined);

  const next = () => {
    const result = checkStep(step, form.getValues());
    if (!result.ok) {
      setStepError(result.message);
      setInvalid(result.fields);
      return;
    }
    setStepError(null);
    setInvalid([]);
    setStep((s) => (s === 1 ? 2 : 3));
  };

  const previous = () => {
    setStepError(null);
    setInvalid([]);
    setServerErrors([]);
    setStep((s) => (s === 3 ? 2 : 1));
  };

  const submit = form.handleSubmit(async (values) => {
    if (step !== 3) return next();
    const result = checkStep(3, values);
    if (!result.ok) {
      setStepError(result.message);
      setInvalid(result.fields);
      return;
    }
    setStepError(null);
    setServerErrors([]);
    try {
      const outcome = await registerCall.mutateAsync(values);
      if (!outcome.opened) {
        setNotOpened(outcome.message);
        return;
      }
      const { session } = outcome;
      // Kept in storage at once; the app switches to signed-in when it leaves this page.
      saveSession({
        token: session.token,
        user: session.user,
        expiresAt: session.expires_at ?? null,
      });
      setCreated(session);
    } catch (error) {
      setStepError(errorMessage(error, 'Registration failed. Please try again.'));
      if (error instanceof ApiError) setServerErrors(firstFieldErrors(error.errors));
    }
  });

  if (created) {
    return (
      <AuthLayout title="Welcome to Harborview">
        <Alert tone="success" title="Account created successfully!">
          <p>
            Your new account number is{' '}
            <strong className="account-number-reveal" data-testid="new-account-number">
              {groupDigits(created.user.account_number)}
            </strong>
            . Please keep it somewhere safe: you will use it to sign in.
          </p>
        </Alert>
        <p role="status">Taking you to your dashboard in 3 seconds...</p>
      </AuthLayout>
    );
  }

  if (notOpened) {
    return (
      <AuthLayout title="Open your account">
        <Alert tone="info" title="No new account was opened">
          <p>{notOpened}</p>
        </Alert>
        <div className="auth__links">
          <Link to="/login">Sign in</Link>
          <Link to="/forgot-password">Reset your password</Link>
        </div>
        <Button type="button" variant="secondary" onClick={() => setNotOpened(null)}>
          Change my details
        </Button>
      </AuthLayout>
    );
  }

  const values = form.watch();

  return (
    <AuthLayout
      title="Open your account"
      subtitle="It takes about five minutes. You will get four accounts: checking, savings, money market and a certificate of deposit, all starting at $0.00."
    >
      <ol className="steps" aria-label="Progress">
        {REGISTER_STEPS.map((label, i) => (
          <li
            key={label}
            data-state={i + 1 < step ? 'done' : i + 1 === step ? 'current' : 'todo'}
            aria-current={i + 1 === step ? 'step' : undefined}
          >
            <span>
              Step {i + 1}: {label}
            </span>
          </li>
        ))}
      </ol>
      <form className="form" onSubmit={submit} noValidate>
        <h2 ref={headingRef} tabIndex={-1} className="card__title">
          {REGISTER_STEPS[step - 1]}
        </h2>
        {stepError ? (
          <Alert tone="danger">
            <p>{stepError}</p>
          </Alert>
        ) : null}
        <FieldErrorList errors={serverErrors} />

        {step === 1 ? (
          <>
            <TextField
              label="Full name"
              autoComplete="name"
              required
              aria-invalid={bad('name')}
              {...register('name')}
            />
            <TextField
              label="Email address"
              type="email"
              autoComplete="email"
              required
              aria-invalid={bad('email')}
              {...register('email')}
            />
            <div className="form-row">
              <TextField
                label="Password"
                type="password"
                autoComplete="new-password"
                required
                hint="At least 8 characters."
                aria-invalid={bad('password')}
                {...register('password')}
              />
              <TextField
                label="Confirm password"
                type="password"
                autoComplete="new-password"
                required
                aria-invalid={bad('password_confirmation')}
                {...register('password_confirmation')}
              />
            </div>
          </>
        ) : null}

        {step === 2 ? (
          <>
            <div className="form-row">
              <TextField
                label="Phone number"
                type="tel"
                autoComplete="tel"
                required
                aria-invalid={bad('phone')}
                {...register('phone')}
              />
              <TextField
                label="Date of birth"
                type="date"
                autoComplete="bday"
                required
                aria-invalid={bad('date_of_birth')}
                {...register('date_of_birth')}
              />
            </div>
            <TextField
              label="Street address"
              autoComplete="street-address"
              required
              aria-invalid={bad('address')}
              {...register('address')}
            />
            <div className="form-row form-row--3">
              <TextField
                label="City"
                autoComplete="address-level2"
                required
                aria-invalid={bad('city')}
                {...register('city')}
              />
              <TextField
                label="State"
                autoComplete="address-level1"
                required
                aria-invalid={bad('state')}
                {...register('state')}
              />
              <TextField
                label="ZIP code"
                autoComplete="postal-code"
                inputMode="numeric"
                required
                aria-invalid={bad('zip_code')}
                {...register('zip_code')}
              />
            </div>
            <div className="form-row form-row--3">
              <TextField
                label="Social Security number"
                type="password"
                optional
                maxLength={11}
                autoComplete="off"
                hint="Format 123-45-6789"
                {...register('ssn')}
              />
              <SelectField label="Employment status" optional {...register('employment_status')}>
                <option value="">Select...</option>
                {EMPLOYMENT_STATUSES.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </SelectField>
              <TextField
                label="Annual income"
                type="number"
                min={0}
                step={1000}
                optional
                inputMode="numeric"
                {...register('annual_income')}
              />
            </div>
          </>
        ) : null}

        {step === 3 ? (
          <>
            <dl className="review">
              <dt>Name</dt>
              <dd>{values.name}</dd>
              <dt>Email</dt>
              <dd>{values.email}</dd>
              <dt>Phone</dt>
              <dd>{values.phone}</dd>
              <dt>Date of birth</dt>
              <dd>{values.date_of_birth}</dd>
              <dt>Address</dt>
              <dd>
                {values.address}, {values.city}, {values.state} {values.zip_code}
              </dd>
              <dt>SSN</dt>
              <dd>
                {values.ssn ? `•••-••-${values.ssn.replace(/\D/g, '').slice(-4)}` : 'Not provided'}
              </dd>
              <dt>Employment</dt>
              <dd>
                {values.employment_status
                  ? EMPLOYMENT_LABEL[values.employment_status]
                  : 'Not provided'}
              </dd>
              <dt>Annual income</dt>
              <dd>
                {values.annual_income
                  ? `$${Number(values.annual_income).toLocaleString('en-US')}`
                  : 'Not provided'}
              </dd>
            </dl>
            <Checkbox
              label={
                <>
                  I agree to the{' '}
                  <Link to="/terms" target="_blank">
                    Terms of Service
                  </Link>{' '}
                  and{' '}
                  <Link to="/privacy" target="_blank">
                    Privacy Policy
                  </Link>
                  .
                </>
              }
              error={invalid.includes('terms') ? 'Required to open an account.' : undefined}
              {...register('terms')}
            />
          </>
        ) : null}

        <div className="form-nav">
          {step > 1 ? (
            <Button variant="secondary" onClick={previous} disabled={registerCall.isPending}>
              Previous
            </Button>
          ) : (
            <span />
          )}
          {step < 3 ? (
            <Button onClick={next}>Next</Button>
          ) : (
            <Button type="submit" loading={registerCall.isPending}>
              {registerCall.isPending ? 'Creating Account...' : 'Create Account'}
            </Button>
          )}
        </div>
      </form>
      <p className="auth__footer">
        Already bank with us? <Link to="/login">Sign in</Link>
      </p>
    </AuthLayout>
  );
}
