import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/feedback';
import { contactsPhrase, useUnverifiedContacts } from '@/lib/unverified-contacts';

/**
 * Asks the customer to prove the email or phone they have not proved yet: until then, money sent
 * to it waits to be claimed, and (the email) no password reset link is sent to it: the forgot-
 * password page answers the same either way, so this is where the customer can learn it. Other
 * customers' transfers find them by it only once proved (the sender is told "Recipient not found"),
 * so the title says so: a friend's failed transfer is otherwise a mystery to both. Nothing shows once both are proved. `action` leads to the code.
 */
export function VerifyContactsNotice({ action }: { action: ReactNode }) {
  const unverified = useUnverifiedContacts();
  if (unverified.length === 0) return null;
  const contacts = contactsPhrase(unverified);
  return (
    <Alert
      tone="warning"
      title={`Verify your ${contacts} to receive Zelle payments and transfers from other Harborview customers`}
      action={action}
    >
      <p>
        Until you do, money sent to your {contacts} waits for you to claim it with a one-time code.
        {unverified.includes('email')
          ? ' A link to reset a forgotten password is sent only to a verified email.'
          : null}
      </p>
    </Alert>
  );
}
