import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { PasswordStrength } from '@/components/security/password-strength';
import { applyServerFieldErrors } from '@/components/ui/server-errors';
import { errorMessage } from '@/lib/error-mapping';
import { toast } from '@/lib/toast-store';
import {
  changePasswordSchema,
  useChangePassword,
  type ChangePasswordForm,
} from '../api/change-password';

const EMPTY: ChangePasswordForm = {
  current_password: '',
  new_password: '',
  new_password_confirmation: '',
};

/** The password form, wired to POST /change-password (the source product only pretended). */
export function PasswordForm() {
  const change = useChangePassword();
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: EMPTY,
  });
  const errors = form.formState.errors;
  const submit = (values: ChangePasswordForm) =>
    change.mutate(values, {
      onSuccess: () => {
        toast.success('Password changed successfully!');
        form.reset(EMPTY);
      },
      onError: (e) => {
        const applied = applyServerFieldErrors(e, form.setError, {}, Object.keys(EMPTY));
        if (!applied) toast.error(errorMessage(e, 'Failed to change password'));
      },
    });
  return (
    <form
      className="form password-form"
      noValidate
      onSubmit={form.handleSubmit(submit)}
      aria-labelledby="password-title"
    >
      <h2 className="section-title" id="password-title">
        Change Password
      </h2>
      <TextField
        label="Current Password"
        type="password"
        autoComplete="current-password"
        error={errors.current_password?.message}
        {...form.register('current_password')}
      />
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        error={errors.new_password?.message}
        hint={
          <>
            At least 8 characters. We recommend upper and lower case letters, a number and a special
            character.
            <PasswordStrength password={form.watch('new_password')} />
          </>
        }
        {...form.register('new_password')}
      />
      <TextField
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        error={errors.new_password_confirmation?.message}
        {...form.register('new_password_confirmation')}
      />
      <div>
        <Button type="submit" loading={change.isPending}>
          {change.isPending ? 'Updating...' : 'Update Password'}
        </Button>
      </div>
    </form>
  );
}
