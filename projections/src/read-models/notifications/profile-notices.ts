import { createHash } from 'node:crypto';
import { addressKey } from '@bank/contracts';
import { bankTimeText, type EventData } from '@bank/events';
import type { RecordedEvent } from '@bank/infra';
import type { Db } from '../../projection.ts';
import type { RaiseNotification } from './notification-types.ts';

/** The bank's phone line, as the web app's contact lines give it. */
export const BANK_PHONE = '(555) 019-1952';

const MAILING_FIELDS = ['address', 'city', 'state', 'zipCode'] as const;
type MailingField = (typeof MAILING_FIELDS)[number];
type MailingFields = Partial<Record<MailingField, string>>;

const fieldDigest = (customerId: string, field: MailingField, key: string) =>
  createHash('sha256').update(`${customerId}\n${field}\n${key}`).digest('hex');

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
    return value === undefined ? null : fieldDigest(customerId, field, addressKey(value));
  });
}

/** The digests kept of the customer's mailing address; null before a registration or after erasure. */
async function keptMailingKeys(db: Db, customerId: string): Promise<(string | null)[] | null> {
  const { rows } = await db.query<{ keys: (string | null)[] | null }>(
    'SELECT mailing_address_keys AS keys FROM rm_notification_preferences WHERE customer_id = $1',
    [customerId],
  );
  return rows[0]?.keys ?? null;
}

/**
 * Whether a card's delivery address is the mailing address on file, as the command side decides
 * it before asking for step-up: empty is the address on file; otherwise the key of the typed text
 * must be the keys of street, city, state and ZIP joined by spaces. Only their digests are kept
 * here, so the typed words are cut into four runs, in order, each run's digest matched against its
 * field's (a run may be empty, for a field left empty). Each field tries only the ends after the
 * starts the field before it matched, so a long text costs a few digests per word.
 */
function isAddressOnFile(customerId: string, kept: (string | null)[], delivery: string): boolean {
  const typed = addressKey(delivery);
  if (typed === '') return true;
  const words = typed.split(' ');
  let starts = new Set([0]);
  MAILING_FIELDS.forEach((field, i) => {
    const ends = new Set<number>();
    const lastField = i === MAILING_FIELDS.length - 1;
    for (const start of starts) {
      for (let end = lastField ? words.length : start; end <= words.length; end++) {
        const run = words.slice(start, end).join(' ');
        if (fieldDigest(customerId, field, run) === kept[i]) ends.add(end);
      }
    }
    starts = ends;
  });
  return starts.has(words.length);
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
  const before = await keptMailingKeys(db, d.customerId);
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

/**
 * A card mailed anywhere but the mailing address on file: a stolen session can report the card
 * stolen and have the replacement sent to the thief, with card notices switched off first. So it
 * is told as a security notice (no preference silences it), at high priority, naming the card, the
 * address it goes to and when. A card sent to the address on file says nothing more than the card
 * notice. Without an address kept (no registration seen) there is nothing to compare with.
 */
export async function announceCardDelivery(
  raise: RaiseNotification,
  d: EventData<'CardIssued'>,
  event: RecordedEvent,
  db: Db,
): Promise<void> {
  const kept = await keptMailingKeys(db, d.customerId);
  if (kept === null || isAddressOnFile(d.customerId, kept, d.deliveryAddress)) return;
  const to = d.deliveryAddress.replace(/\s+/g, ' ').trim();
  await raise(
    db,
    event,
    {
      customerId: d.customerId,
      type: 'security',
      title: 'Card sent to another address',
      message: `Your ${d.cardName} ending in ${d.last4} is being mailed to ${to}, not to your mailing address on file. This was asked for on ${bankTimeText(event.recordedAt)}. If this wasn't you, call us at once at ${BANK_PHONE}.`,
      priority: 'high',
    },
    'delivery',
  );
}
