import { profilePhotoPath } from '@bank/contracts';
import type { ContactKind, NotificationPreferences } from '@bank/events';
import type { Db } from '../../projection.ts';

export interface UserView {
  id: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  zipCode: string;
  date_of_birth: string;
  dateOfBirth: string;
  account_number: string;
  employment_status: string | null;
  profileImage: string | null;
  notification_preferences: NotificationPreferences;
  created_at: string;
  unverified_contacts: ContactKind[];
}

/** A customer's profile; the image is a reference into profile_images. */
export interface CustomerRow extends Record<string, unknown> {
  customer_id: string;
  account_number: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  date_of_birth: string;
  employment_status: string | null;
  profile_image: string | null;
  notification_preferences: NotificationPreferences;
  created_at: Date;
  unverified_contacts: ContactKind[];
}

/** The signed-in user as login, register, GET /user and PUT /profile return it. */
export async function readUser(db: Db, customerId: string): Promise<UserView | undefined> {
  const { rows } = await db.query<CustomerRow>(
    `SELECT c.*, i.ref AS profile_image
     FROM rm_customers c LEFT JOIN profile_images i ON i.ref = c.profile_image
     WHERE c.customer_id = $1`,
    [customerId],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: row.customer_id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    city: row.city,
    state: row.state,
    zip_code: row.zip_code,
    zipCode: row.zip_code,
    date_of_birth: row.date_of_birth,
    dateOfBirth: row.date_of_birth,
    account_number: row.account_number,
    employment_status: row.employment_status,
    profileImage: row.profile_image === null ? null : profilePhotoPath(row.profile_image),
    // Security notices are always sent, whatever a customer stored before they could not be off.
    notification_preferences: { ...row.notification_preferences, security: true },
    created_at: row.created_at.toISOString(),
    unverified_contacts: row.unverified_contacts,
  };
}

/** Whether a customer signs in with this account number (their other accounts' do not count). */
export async function customerSignsInWith(db: Db, accountNumber: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM rm_customers WHERE account_number = $1', [
    accountNumber,
  ]);
  return rowCount === 1;
}

/**
 * The outbox rows of the customer who signs in with the account number in $1 (all rows when it
 * is null): a customer who calls in is found however many other messages wait.
 */
const ofAccount = (table: string) =>
  `($1::char(12) IS NULL OR ${table}.customer_id =
     (SELECT customer_id FROM rm_customers WHERE account_number = $1::char(12)))`;

/** A password-reset link waiting in the staff outbox, with the customer it is for. */
export interface PasswordResetOutboxRow extends Record<string, unknown> {
  link_sealed: string | null;
  /** Not used and not expired: the link may still be opened. */
  live: boolean;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  name: string | null;
  account_number: string | null;
}

/**
 * Password-reset links (at most 100), of one customer or of all, named by their customer: those
 * still to deliver first, then the latest ended ones, newest first. Anyone may ask for links for
 * the accounts they know, and those requests must not push another customer's live link out of
 * sight.
 */
export async function passwordResetOutbox(
  db: Db,
  accountNumber?: string,
): Promise<PasswordResetOutboxRow[]> {
  const { rows } = await db.query<PasswordResetOutboxRow>(
    `SELECT r.link_sealed, r.used_at IS NULL AND r.expires_at > now() AS live,
            r.created_at, r.expires_at, r.used_at, c.name, c.account_number
     FROM password_resets r LEFT JOIN rm_customers c ON c.customer_id = r.customer_id
     WHERE ${ofAccount('r')}
     ORDER BY live DESC, r.created_at DESC LIMIT 100`,
    [accountNumber ?? null],
  );
  return rows;
}

/** A Zelle claim-code message in the staff outbox, with the customer who sent the payment. */
export interface ZelleClaimCodeOutboxRow extends Record<string, unknown> {
  contact_kind: 'email' | 'phone';
  sent_to: string | null;
  /** Sealed with the bank's secrets key; blanked once the code is used, replaced or spent. */
  message_sealed: string | null;
  /** Not closed and not expired: the code may still be entered. */
  live: boolean;
  created_at: Date;
  expires_at: Date;
  attempts: number;
  closed_at: Date | null;
  name: string | null;
  account_number: string | null;
}

/**
 * Zelle claim-code messages (at most 100), of one customer or of all, named by their customer:
 * those whose code may still be entered first, then the latest ended ones, newest first, so that
 * codes used, replaced or spent do not push one still to deliver out of sight.
 */
export async function zelleClaimCodeOutbox(
  db: Db,
  accountNumber?: string,
): Promise<ZelleClaimCodeOutboxRow[]> {
  const { rows } = await db.query<ZelleClaimCodeOutboxRow>(
    `SELECT z.contact_kind, CASE z.contact_kind WHEN 'email' THEN c.email ELSE c.phone END AS sent_to,
            z.message_sealed, z.closed_at IS NULL AND z.expires_at > now() AS live,
            z.created_at, z.expires_at, z.attempts,
            z.closed_at, c.name, c.account_number
     FROM zelle_claim_codes z LEFT JOIN rm_customers c ON c.customer_id = z.customer_id
     WHERE ${ofAccount('z')}
     ORDER BY live DESC, z.created_at DESC LIMIT 100`,
    [accountNumber ?? null],
  );
  return rows;
}
