import { defaultNotificationPreferences, type NotificationPreferences } from '@bank/contracts';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/field';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/error-mapping';
import { toast } from '@/lib/toast-store';
import type { User } from '@/lib/session-storage';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';

const OPTIONS: {
  key: keyof NotificationPreferences;
  label: string;
  hint: string;
  alwaysOn?: true;
}[] = [
  { key: 'transaction', label: 'Transactions', hint: 'Deposits, payments and transfers' },
  // How a customer learns that someone else is in their account: the bank always sends them.
  {
    key: 'security',
    label: 'Security',
    hint: 'Always on: sign-ins, password and profile changes',
    alwaysOn: true,
  },
  { key: 'card', label: 'Cards', hint: 'Card locks, limits and applications' },
  { key: 'crypto', label: 'Crypto', hint: 'Trades, deposits and withdrawals' },
  { key: 'support', label: 'Support', hint: 'Replies to your support tickets' },
  { key: 'marketing', label: 'Offers and news', hint: 'Product news and offers' },
];

/** Notification preferences, saved to the server, which respects them when notifying. */
export function NotificationsForm({ user }: { user: User }) {
  const { updateUser } = useAuth();
  const save = useUpdateNotificationPreferences();
  const form = useForm<NotificationPreferences>({
    // Right after registering, the kept user may not carry them yet: the new customer's defaults.
    defaultValues: user.notification_preferences ?? defaultNotificationPreferences,
  });
  const submit = (prefs: NotificationPreferences) =>
    save.mutate(
      { ...prefs, security: true },
      {
        onSuccess: ({ data, message }) => {
          updateUser(data.user);
          form.reset(prefs);
          toast.success(message || 'Notification preferences saved');
        },
        onError: (e) => toast.error(errorMessage(e, 'Failed to save notification preferences')),
      },
    );
  return (
    <form className="form" noValidate onSubmit={form.handleSubmit(submit)}>
      <fieldset className="prefs">
        <legend className="section-title">Email and in-app notifications</legend>
        {OPTIONS.map((o) => (
          <div key={o.key} className="prefs__item">
            <Checkbox
              label={o.label}
              aria-describedby={`pref-${o.key}-hint`}
              {...(o.alwaysOn
                ? { checked: true, disabled: true, readOnly: true }
                : form.register(o.key))}
            />
            <p className="muted prefs__hint" id={`pref-${o.key}-hint`}>
              {o.hint}
            </p>
          </div>
        ))}
      </fieldset>
      <div>
        <Button type="submit" loading={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Preferences'}
        </Button>
      </div>
    </form>
  );
}
