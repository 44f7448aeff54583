import { zodResolver } from '@hookform/resolvers/zod';
import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/feedback';
import { Checkbox, FieldErrorList, TextField } from '@/components/ui/field';
import { useDocumentTitle } from '@/components/ui/page';
import { ApiError, firstFieldErrors } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/error-mapping';
import { loginSchema, useLogin, type LoginInput } from '../api/login';
import { AuthLayout } from '../components/auth-layout';

const REMEMBER_KEY = 'remembered_account_number';

export default function LoginRoute() {
  useDocumentTitle('Sign in');
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const login = useLogin();
  const [showPassword, setShowPassword] = useState(false);
  const remembered = localStorage.getItem(REMEMBER_KEY) ?? '';
  const [remember, setRemember] = useState(Boolean(remembered));
  const [formError, setFormError] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<{ field: string; message: string }[]>([]);

  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { account_number: remembered, password: '' },
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;

  // Spec §4: typing clears the error and that field's error.
  const clearOn = (field: keyof LoginInput) => () => {
    setFormError(null);
    setServerErrors([]);
    form.clearErrors(field);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    setServerErrors([]);
    try {
      const session = await login.mutateAsync(values);
      if (remember) localStorage.setItem(REMEMBER_KEY, values.account_number);
      else localStorage.removeItem(REMEMBER_KEY);
      signIn(session);
      navigate('/dashboard', { replace: true });
    } catch (error) {
      setFormError(errorMessage(error, 'Login failed. Please try again.'));
      if (error instanceof ApiError) setServerErrors(firstFieldErrors(error.errors));
    }
  });

  const accountField = form.register('account_number', { onChange: clearOn('account_number') });
  const passwordField = form.register('password', { onChange: clearOn('password') });

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
        {formError ? (
          <div id="login-error">
            <Alert tone="danger" title="Sign in failed">
              <p>{formError}</p>
            </Alert>
          </div>
        ) : null}
        <FieldErrorList errors={serverErrors} />
        <TextField
          label="Account number"
          inputMode="numeric"
          autoComplete="username"
          maxLength={12}
          placeholder="12-digit account number"
          error={errors.account_number?.message}
          {...accountField}
        />
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
