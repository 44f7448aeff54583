import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/feedback';
import { TextField } from '@/components/ui/field';
import { useDocumentTitle } from '@/components/ui/page';
import { errorMessage } from '@/lib/error-mapping';
import {
  forgotPasswordSchema,
  useForgotPassword,
  type ForgotPasswordInput,
} from '../api/forgot-password';
import { AuthLayout } from '../components/auth-layout';
import { AuthOutcome } from '../components/auth-outcome';

export default function ForgotPasswordRoute() {
  useDocumentTitle('Forgot password');
  const call = useForgotPassword();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { identifier: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await call.mutateAsync(values);
    } catch (e) {
      setError(errorMessage(e, 'We could not send reset instructions. Please try again.'));
    }
  });

  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter your 12-digit account number or the email address on your account."
    >
      {call.isSuccess ? (
        <AuthOutcome>
          <Alert tone="success" title="Check your email">
            <p>
              If we find an account that matches, we will send a link to reset your password. The
              link expires in one hour. Didn’t get it? Call us at (555) 019-1952.
            </p>
          </Alert>
        </AuthOutcome>
      ) : (
        <form className="form" onSubmit={onSubmit} noValidate>
          {error ? (
            <Alert tone="danger">
              <p>{error}</p>
            </Alert>
          ) : null}
          <TextField
            label="Account number or email"
            autoComplete="username"
            error={form.formState.errors.identifier?.message}
            {...form.register('identifier')}
          />
          <Button type="submit" size="lg" block loading={call.isPending}>
            Send reset link
          </Button>
        </form>
      )}
      <p className="auth__footer">
        <Link to="/login">Back to sign in</Link>
      </p>
    </AuthLayout>
  );
}
