import { z } from 'zod';
import { successOf } from './envelope.ts';

/** What the customer is told about, each on or off. */
export const notificationPreferences = z.object({
  transaction: z.boolean(),
  security: z.boolean(),
  card: z.boolean(),
  crypto: z.boolean(),
  support: z.boolean(),
  marketing: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

/** A new customer hears about everything except offers. */
export const defaultNotificationPreferences: NotificationPreferences = {
  transaction: true,
  security: true,
  card: true,
  crypto: true,
  support: true,
  marketing: false,
};

/**
 * The signed-in customer as sign-in, GET /user and the profile calls answer it. The ZIP code and
 * the date of birth are given under both names (older screens read the camelCase ones).
 */
/**
 * Where a stored photo is served: by its ref, which names its customer and its image's SHA-256.
 * The user view carries this URL, not the image: a photo of up to 5 MB inlined in every sign-in
 * and user answer (and kept in the browser's storage) let one customer stall the bank.
 */
export const profilePhotoPath = (ref: string) => `/api/profile/photos/${encodeURIComponent(ref)}`;

/** An email or phone, as the contacts a customer proves with a one-time code are named. */
export const contactKind = z.enum(['email', 'phone']);
export type ContactKind = z.infer<typeof contactKind>;

export const userView = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
  zipCode: z.string(),
  date_of_birth: z.string(),
  dateOfBirth: z.string(),
  account_number: z.string(),
  employment_status: z.string().nullable(),
  /** The URL of the photo (profilePhotoPath), or null. */
  profileImage: z.string().nullable(),
  notification_preferences: notificationPreferences,
  created_at: z.string(),
  /**
   * The contacts the customer has yet to prove with a one-time code (POST /zelle/claims/code):
   * Zelle payments and same-bank transfers to them wait until then.
   */
  unverified_contacts: z.array(contactKind),
});
export type UserView = z.infer<typeof userView>;

/**
 * The customer a session belongs to as the web app keeps it: the full view, except right after
 * registering while the read model has not caught up, when the bank answers only what it knows
 * at once (who, and the new account number).
 */
export const sessionUserView = userView
  .partial()
  .required({ id: true, name: true, email: true, account_number: true });
export type SessionUserView = z.infer<typeof sessionUserView>;

/** The answer of GET /user: the customer and when the session ends if left idle. */
export const currentUserData = z.object({
  user: userView,
  session_expires_at: z.string().nullable(),
});
export const currentUserAnswer = successOf(currentUserData);

/** The answer of PUT /profile, the photo calls and the notification preferences: the new user. */
export const profileUpdatedData = z.object({ user: userView });
export const profileUpdatedAnswer = successOf(profileUpdatedData);

/**
 * An address as a person reads it, for telling one address from another: case, punctuation and
 * spacing do not make it another. Every letter and digit counts, in any script: NFKC first reads a
 * full-width "１２" as "12", and a letter or digit outside ASCII is kept (as a separator it made
 * "Street #１２" the street itself, and a card could be mailed to another flat without step-up).
 * The letters and digits come out as words joined by single spaces, so the key of fields written
 * one after another is their keys joined by spaces.
 */
export function addressKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
