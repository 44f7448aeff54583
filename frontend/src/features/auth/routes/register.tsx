import { Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/feedback';
import { Checkbox, FieldErrorList, SelectField, TextField } from '@/components/ui/field';
import { useDocumentTitle } from '@/components/ui/page';
import { ApiError, firstFieldErrors } from '@/lib/api-client';
import { useAuth, type Session } from '@/lib/auth';
import { errorMessage } from '@/lib/error-mapping';
import { formatDay, formatPhone, groupDigits } from '@/lib/format';
import { saveSession } from '@/lib/session-storage';
import {
  EMPLOYMENT_STATUSES,
  emptyRegisterForm,
  useRegister,
  type RegisterForm,
} from '../api/register';
import { AuthLayout } from '../components/auth-layout';
import { checkStep, REGISTER_STEPS, type FieldProblem } from '../lib/register-steps';
import { CUSTOMER_FIELD_MESSAGES } from '@bank/contracts/auth-messages';
import { customerFieldMaxLength } from '@bank/contracts/customer-fields';
import { isGuessablePassword, PasswordStrength } from '@/components/security/password-strength';

type Step = 1 | 2 | 3;

const EMPLOYMENT_LABEL = Object.fromEntries(EMPLOYMENT_STATUSES.map((s) => [s.value, s.label]));

export default function RegisterRoute() {
  useDocumentTitle('Open an account');
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const registerCall = useRegister();
  // The step is in the address (?step=2), so the browser's Back and Forward move between steps;
  // the entries stay in memory only, so a reload (or an address typed in) starts again at step 1.
  const [params] = useSearchParams();
  const location = useLocation();
  const asked = Number(params.get('step')) as Step;
  const [reached, setReached] = useState<Step>(1);
  const step: Step = asked === 2 || asked === 3 ? (Math.min(asked, reached) as Step) : 1;
  const showStep = (next: Step, how: 'push' | 'replace') =>
    navigate(
      { search: next === 1 ? '' : `?step=${next}` },
      how === 'push' ? { state: { registerStep: true } } : { replace: true },
    );
  const [stepError, setStepError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<(keyof RegisterForm)[]>([]);
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const [serverErrors, setServerErrors] = useState<{ field: string; message: string }[]>([]);
  const [created, setCreated] = useState<Session | null>(null);
  const [notOpened, setNotOpened] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const form = useForm<RegisterForm>({ defaultValues: emptyRegisterForm });
  const { register } = form;

  // After success the new account number stays on screen until the customer moves on: a
  // timed redirect would take it away before it can be noted on a phone.
  const createdRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!created) return;
    // Focus scrolls it into view, wherever the review step had been scrolled to.
    createdRef.current?.focus();
  }, [created]);

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
  const problemOf = (field: keyof RegisterForm) => problems.find((p) => p.field === field)?.message;

  const showResult = (result: ReturnType<typeof checkStep>) => {
    if (result.ok) {
      setStepError(null);
      setInvalid([]);
      setProblems([]);
      return true;
    }
    setStepError(result.message);
    setInvalid(result.fields);
    setProblems(result.problems);
    // The customer is taken to the first field to fix.
    if (result.fields[0]) form.setFocus(result.fields[0]);
    return false;
  };

  // A flagged field is cleared as soon as it is edited; the summary goes with the last one.
  const clearOnEdit = (field: keyof RegisterForm) => () => {
    if (!invalid.includes(field)) return;
    const rest = invalid.filter((f) => f !== field);
    setInvalid(rest);
    setProblems((list) => list.filter((p) => p.field !== field));
    if (!rest.length) setStepError(null);
  };
  const field = (name: keyof RegisterForm) => ({
    maxLength: customerFieldMaxLength(name),
    ...register(name, { onChange: clearOnEdit(name) }),
  });

  const next = async () => {
    if (step === 3 || !showResult(checkStep(step, form.getValues()))) return;
    // Refused here, on its own step, rather than after Create Account two steps later.
    if (step === 1 && (await isGuessablePassword(form.getValues('password')))) {
      const message = CUSTOMER_FIELD_MESSAGES.passwordGuessable;
      showResult({
        ok: false,
        message,
        fields: ['password'],
        problems: [{ field: 'password', message }],
      });
      return;
    }
    const nextStep = step === 1 ? 2 : 3;
    setReached((r) => (r > nextStep ? r : nextStep));
    showStep(nextStep, 'push');
  };

  // An address asking for a step not reached yet shows the one reached instead.
  useEffect(() => {
    if (asked > step) showStep(step, 'replace');
  });
  // Gone back (by Previous or the browser), the later step's messages go. The later steps stay
  // reachable by Forward, as in the transfer wizard, until anything is changed: from then on only
  // through Next, which checks it again.
  const stepShown = useRef(step);
  useEffect(() => {
    if (step < stepShown.current) clearMessages();
    stepShown.current = step;
  }, [step]);
  useEffect(() => {
    const watching = form.watch(() =>
      setReached((r) => (r > stepShown.current ? stepShown.current : r)),
    );
    return () => watching.unsubscribe();
  }, [form]);

  const clearMessages = () => {
    setStepError(null);
    setInvalid([]);
    setProblems([]);
    setServerErrors([]);
  };

  const previous = () => {
    clearMessages();
    // The browser's Back when this page made the entry, so Forward comes back to it.
    if ((location.state as { registerStep?: boolean } | null)?.registerStep) navigate(-1);
    else showStep(step === 3 ? 2 : 1, 'replace');
  };

  const copyNumber = async (accountNumber: string) => {
    try {
      await navigator.clipboard.writeText(accountNumber);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };

  // Next and Create Account are both submit buttons (so Enter moves on from any step), and
  // distinct elements: one press of Next can never become a press of Create Account.
  const submit = form.handleSubmit(async (values) => {
    if (step !== 3) return next();
    if (!showResult(checkStep(3, values))) return;
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
    const number = created.user.account_number ?? '';
    return (
      <AuthLayout title="Welcome to Harborview">
        <div ref={createdRef} tabIndex={-1} className="account-created">
          <Alert tone="success" title="Account created successfully!">
            <p>
              Your new account number is{' '}
              <strong className="account-number-reveal" data-testid="new-account-number">
                {groupDigits(number)}
              </strong>
              . Please keep it somewhere safe: you will use it to sign in.
            </p>
          </Alert>
          <div className="form-nav">
            <Button
              variant="secondary"
              icon={<Copy size={16} aria-hidden="true" />}
              onClick={() => void copyNumber(number)}
            >
              Copy account number
            </Button>
            <Button
              onClick={() => {
                signIn(created);
                navigate('/dashboard', { replace: true });
              }}
            >
              Continue to dashboard
            </Button>
          </div>
          <p role="status" className="muted">
            {copied === 'yes'
              ? 'Account number copied.'
              : copied === 'failed'
                ? 'Could not copy. Please write the number down.'
                : ''}
          </p>
        </div>
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
      subtitle="It takes about five minutes. You will get four accounts: checking, savings, money market and an investment account, all starting at $0.00."
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
        <FieldErrorList errors={serverErrors} said={stepError} />

        {step === 1 ? (
          <>
            <TextField
              label="Full name"
              autoComplete="name"
              required
              aria-invalid={bad('name')}
              error={problemOf('name')}
              {...field('name')}
            />
            <TextField
              label="Email address"
              type="email"
              autoComplete="email"
              required
              aria-invalid={bad('email')}
              error={problemOf('email')}
              {...field('email')}
            />
            <div className="form-row">
              <TextField
                label="Password"
                type="password"
                autoComplete="new-password"
                required
                hint={
                  <>
                    At least 8 characters.
                    <PasswordStrength password={values.password} />
                  </>
                }
                aria-invalid={bad('password')}
                error={problemOf('password')}
                {...field('password')}
              />
              <TextField
                label="Confirm password"
                type="password"
                autoComplete="new-password"
                required
                aria-invalid={bad('password_confirmation')}
                error={problemOf('password_confirmation')}
                {...field('password_confirmation')}
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
                error={problemOf('phone')}
                {...field('phone')}
              />
              <TextField
                label="Date of birth"
                type="date"
                autoComplete="bday"
                required
                aria-invalid={bad('date_of_birth')}
                error={problemOf('date_of_birth')}
                {...field('date_of_birth')}
              />
            </div>
            <TextField
              label="Street address"
              autoComplete="street-address"
              required
              aria-invalid={bad('address')}
              error={problemOf('address')}
              {...field('address')}
            />
            <div className="form-row form-row--3">
              <TextField
                label="City"
                autoComplete="address-level2"
                required
                aria-invalid={bad('city')}
                error={problemOf('city')}
                {...field('city')}
              />
              <TextField
                label="State"
                autoComplete="address-level1"
                required
                aria-invalid={bad('state')}
                error={problemOf('state')}
                {...field('state')}
              />
              <TextField
                label="ZIP code"
                autoComplete="postal-code"
                inputMode="numeric"
                required
                aria-invalid={bad('zip_code')}
                error={problemOf('zip_code')}
                {...field('zip_code')}
              />
            </div>
            <div className="form-row form-row--3">
              <TextField
                label="Social Security number"
                type="password"
                optional
                autoComplete="off"
                hint="Format 123-45-6789"
                aria-invalid={bad('ssn')}
                error={problemOf('ssn')}
                {...field('ssn')}
              />
              <SelectField label="Employment status" optional {...field('employment_status')}>
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
                aria-invalid={bad('annual_income')}
                error={problemOf('annual_income')}
                {...field('annual_income')}
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
              <dd>{formatPhone(values.phone)}</dd>
              <dt>Date of birth</dt>
              <dd>{values.date_of_birth ? formatDay(values.date_of_birth) : ''}</dd>
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
              {...field('terms')}
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
            <Button key="next" type="submit">
              Next
            </Button>
          ) : (
            <Button key="create" type="submit" loading={registerCall.isPending}>
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
