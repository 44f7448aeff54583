import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { applyServerFieldErrors } from '@/components/ui/server-errors';
import { useAuth } from '@/lib/auth';
import type { User } from '@/lib/session-storage';
import { isStepUpCancelled } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-mapping';
import { toast } from '@/lib/toast-store';
import { useUnverifiedContacts, type ContactKind } from '@/lib/unverified-contacts';
import {
  PROFILE_SERVER_FIELDS,
  profileDefaults,
  profileSchema,
  useUpdateProfile,
  type ProfileForm,
} from '../api/update-profile';

export function DetailsForm({ user }: { user: User }) {
  const { updateUser } = useAuth();
  const update = useUpdateProfile();
  const form = useForm<ProfileForm>({
    resolver: zodResolver(profileSchema),
    defaultValues: profileDefaults(user),
  });
  const errors = form.formState.errors;
  const unverified = useUnverifiedContacts();
  const proofHint = (kind: ContactKind) =>
    unverified.includes(kind) ? (
      <>
        Not verified yet: <Link to="/zelle#zelle-claim">verify it</Link> to receive Zelle payments
        at once.
      </>
    ) : undefined;
  const submit = (values: ProfileForm) =>
    update.mutate(values, {
      onSuccess: ({ data, message }) => {
        updateUser(data.user);
        form.reset(profileDefaults(data.user));
        toast.success(message || 'Profile updated successfully!');
      },
      onError: (e) => {
        // Closing "Confirm it's you" is the customer's choice: the form stays as typed.
        if (isStepUpCancelled(e)) return;
        applyServerFieldErrors(
          e,
          form.setError,
          PROFILE_SERVER_FIELDS,
          Object.keys(profileDefaults(user)),
        );
        toast.error(errorMessage(e, 'Failed to update profile'));
      },
    });
  const field = (name: keyof ProfileForm) => ({
    error: errors[name]?.message,
    ...form.register(name),
  });
  return (
    <form
      className="form"
      noValidate
      onSubmit={form.handleSubmit(submit)}
      aria-labelledby="details-title"
    >
      <h2 className="section-title" id="details-title">
        Personal Details
      </h2>
      <div className="form-row">
        <TextField label="Full Name" autoComplete="name" {...field('name')} />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          hint={proofHint('email')}
          {...field('email')}
        />
      </div>
      <div className="form-row">
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          hint={proofHint('phone')}
          {...field('phone')}
        />
        <TextField
          label="Date of Birth"
          type="date"
          autoComplete="bday"
          {...field('dateOfBirth')}
        />
      </div>
      <TextField label="Address" autoComplete="street-address" {...field('address')} />
      <div className="form-row form-row--3">
        <TextField label="City" autoComplete="address-level2" {...field('city')} />
        <TextField label="State" autoComplete="address-level1" {...field('state')} />
        <TextField
          label="ZIP Code"
          inputMode="numeric"
          autoComplete="postal-code"
          {...field('zipCode')}
        />
      </div>
      <div>
        <Button type="submit" loading={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
