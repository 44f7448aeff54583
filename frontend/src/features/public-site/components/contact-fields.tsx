import type { FieldErrors, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { TextField } from '@/components/ui/field';

// The fields every contact form of the public site asks first (appointment, message, quote).

type ContactFields = { first_name: string; last_name: string; email: string };

function fieldsOf<T extends FieldValues & ContactFields>(form: UseFormReturn<T>) {
  return {
    register: (name: keyof ContactFields) => form.register(name as Path<T>),
    errors: form.formState.errors as FieldErrors<ContactFields>,
  };
}

/** First and last name, side by side. */
export function NameFields<T extends FieldValues & ContactFields>({
  form,
}: {
  form: UseFormReturn<T>;
}) {
  const { register, errors } = fieldsOf(form);
  return (
    <div className="form-row">
      <TextField
        label="First name"
        autoComplete="given-name"
        error={errors.first_name?.message}
        {...register('first_name')}
      />
      <TextField
        label="Last name"
        autoComplete="family-name"
        error={errors.last_name?.message}
        {...register('last_name')}
      />
    </div>
  );
}

export function EmailField<T extends FieldValues & ContactFields>({
  form,
}: {
  form: UseFormReturn<T>;
}) {
  const { register, errors } = fieldsOf(form);
  return (
    <TextField
      label="Email"
      type="email"
      autoComplete="email"
      error={errors.email?.message}
      {...register('email')}
    />
  );
}

/**
 * Gives the focus to the first field found wrong, in the order the form shows them (`order`, its
 * schema's keys). A form of these fields sets `shouldFocusError: false`: react-hook-form focuses
 * the first field registered, and the shared name and email fields register after the form's
 * own, in a child, so a form with every field empty put the focus on its last one.
 */
export function focusFirstError<T extends FieldValues>(
  form: UseFormReturn<T>,
  order: readonly string[],
  errors: FieldErrors<T>,
): void {
  const first = order.find((name) => errors[name]);
  if (first) form.setFocus(first as Path<T>);
}
