import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, ButtonLink } from '@/components/ui/button';
import { Alert } from '@/components/ui/feedback';
import { FieldErrorList, TextField } from '@/components/ui/field';
import { useDocumentTitle } from '@/components/ui/page';
import { ApiError, firstFieldErrors } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-mapping';
import {
  resetPasswordSchema,
  useResetLinkCheck,
  useResetPassword,
  type ResetPasswordInput,
} from '../api/reset-password';
import { AuthLayout } from '../components/auth-layout';
import { AuthOutcome } from '../components/auth-outcome';

export default function ResetPasswordRoute() {
  useDocumentTitle('Choose a new password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const call = useResetPassword(token);
  const linkCheck = useResetLinkCheck(token);
  const [error, setError] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<{ field: string; message: string }[]>([]);
  // The link itself was refused (used already, expired or unknown): a new one is the way on.
  const [deadLink, setDeadLink] = useState<string | null>(null);
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', password_confirmation: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    setServerErrors([]);
    try {
      await call.mutateAsync(values);
    } catch (e) {
      const linkRefused = e instanceof ApiError ? e.errors?.token?.[0] : undefined;
      if (linkRefused) {
        setDeadLink(linkRefused);
        return;
      }
      setError(errorMessage(e, 'This reset link is invalid or has expired.'));
      if (e instanceof ApiError) setServerErrors(firstFieldErrors(e.errors));
    }
  });

  // Refused on opening, or on submitting (used in another tab meanwhile). A check that could not
  // be made (offline, rate-limited) leaves the form: the submit still gets the bank's answer.
  const refusedOnOpen =
    linkCheck.error instanceof ApiError ? linkCheck.error.errors?.token?.[0] : undefined;
  const linkRefused = deadLink ?? refusedOnOpen;
  if (linkRefused) {
    return (
      <AuthLayout title="Choose a new password">
        <Alert tone="warning" title="This link can no longer be used">
          <p>{linkRefused} Reset links work once and for a limited time: request a new one.</p>
        </Alert>
        <ButtonLink to="/forgot-password">Request a new link</ButtonLink>
        <p className="auth__footer">
          <Link to="/login">Back to sign in</Link>
        </p>
      </AuthLayout>
    );
  }

  if (!token) {
    return (
      <AuthLayout title="Choose a new password">
        <Alert tone="warning" title="This link is incomplete">
          <p>Open the full link from your reset email, or request a new one.</p>
        </Alert>
        <ButtonLink to="/forgot-password">Request a new link</ButtonLink>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Choose a new password">
      {call.isSuccess ? (
        <AuthOutcome>
          <Alert tone="success" title="Password updated">
            <p>Your password has been changed. You can now sign in with your new password.</p>
          </Alert>
          <ButtonLink to="/login">Sign in</ButtonLink>
        </AuthOutcome>
      ) : (
        <form className="form" onSubmit={onSubmit} noValidate>
          {error ? (
            <Alert tone="danger">
              <p>{error}</p>
            </Alert>
          ) : null}
          <FieldErrorList errors={serverErrors} said={error} />
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            hint="At least 8 characters."
            error={errors.password?.message}
            {...form.register('password')}
          />
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            error={errors.password_confirmation?.message}
            {...form.register('password_confirmation')}
          />
          <Button type="submit" size="lg" block loading={call.isPending}>
            Update password
          </Button>
        </form>
      )}
      {/* Once the password is changed, its Sign in button is the one way on. */}
      {call.isSuccess ? null : (
        <p className="auth__footer">
          <Link to="/login">Back to sign in</Link>
        </p>
      )}
    </AuthLayout>
  );
}
