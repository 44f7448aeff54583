import { createHash } from 'node:crypto';
import { bankTimeText, type EventData } from '@bank/events';
import type { RecordedEvent } from '@bank/infra';
import type { Db } from '../../projection.ts';
import type { RaiseNotification } from './notification-types.ts';

/** The bank's phone line, as the web app's contact lines give it. */
export const BANK_PHONE = '(555) 019-1952';

const MAILING_FIELDS = ['address', 'city', 'state', 'zipCode'] as const;
type MailingFields = Partial<Record<(typeof MAILING_FIELDS)[number], string>>;

/**
 * What the projection keeps of a mailing address to tell whether an update moved it: per field, a
 * digest of the field as a person reads it (case, punctuation and spacing make no other address),
 * salted with the customer's id. The profile form sends every field on each save, so only a
 * comparison with the address before tells a move from a save of the name; a digest keeps the
 * address itself out of this read model. A field the event leaves out is null: unchanged.
 */
function mailingKeys(customerId: string, fields: MailingFields): (string | null)[] {
  return MAILING_FIELDS.map((field) => {
    const value = fields[field];
    if (value === undefined) return null;
    const key = value
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
    return createHash('sha256').update(`${customerId}\n${field}\n${key}`).digest('hex');
  });
}

/** Keeps the mailing address a customer registered with (its digests), beside their preferences. */
export async function storeMailingAddress(
  db: Db,
  d: EventData<'CustomerRegistered'>,
): Promise<void> {
  await db.query(
    'UPDATE rm_notification_preferences SET mailing_address_keys = $2 WHERE customer_id = $1',
    [d.customerId, mailingKeys(d.customerId, d)],
  );
}

/** "a•••@example.com": enough for the owner to recognise, not enough to hand anyone the address. */
function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at > 0 ? `${email.charAt(0)}•••${email.slice(at)}` : '•••';
}

const phoneEnding = (phone: string) => phone.replace(/\D/g, '').slice(-4);

/**
 * A profile update. A new mailing address, email or phone is the first step of taking an account
 * over (a replacement card is mailed to the address; codes go to the email and phone), so each is
 * told on its own, at high priority, with when it happened and whom to call. Any other update is
 * the quiet "Profile updated". The email and phone changes are those the event itself names as
 * contacts to prove; the address's, those against the address this projection keeps.
 */
export async function announceProfileUpdate(
  raise: RaiseNotification,
  d: EventData<'CustomerProfileUpdated'>,
  event: RecordedEvent,
  db: Db,
): Promise<void> {
  const next = mailingKeys(d.customerId, d);
  const { rows } = await db.query<{ keys: (string | null)[] | null }>(
    'SELECT mailing_address_keys AS keys FROM rm_notification_preferences WHERE customer_id = $1',
    [d.customerId],
  );
  const before = rows[0]?.keys ?? null;
  // Without an address kept (no registration seen) there is nothing to compare with.
  const moved = before !== null && next.some((key, i) => key !== null && key !== before[i]);
  if (next.some((key) => key !== null)) {
    await db.query(
      'UPDATE rm_notification_preferences SET mailing_address_keys = $2 WHERE customer_id = $1',
      [d.customerId, next.map((key, i) => key ?? before?.[i] ?? null)],
    );
  }
  const when = bankTimeText(event.recordedAt);
  const call = `If this wasn't you, call us at once at ${BANK_PHONE}.`;
  const changes: { suffix: string; title: string; message: string }[] = [];
  if (moved) {
    changes.push({
      suffix: 'address',
      title: 'Mailing address changed',
      message: `Your mailing address was changed on ${when}. Cards and letters now go there. ${call}`,
    });
  }
  const contacts = d.contactsToProve ?? [];
  if (contacts.includes('email') && d.email !== undefined) {
    changes.push({
      suffix: 'email',
      title: 'Email changed',
      message: `Your email was changed to ${maskedEmail(d.email)} on ${when}. ${call}`,
    });
  }
  if (contacts.includes('phone') && d.phone !== undefined) {
    changes.push({
      suffix: 'phone',
      title: 'Phone changed',
      message: `Your phone number was changed to one ending in ${phoneEnding(d.phone)} on ${when}. ${call}`,
    });
  }
  if (changes.length === 0) {
    await raise(db, event, {
      customerId: d.customerId,
      type: 'security',
      title: 'Profile updated',
      message: 'Your personal details were updated.',
      priority: 'low',
    });
  }
  for (const { suffix, title, message } of changes) {
    await raise(
      db,
      event,
      { customerId: d.customerId, type: 'security', title, message, priority: 'high' },
      suffix,
    );
  }
}
