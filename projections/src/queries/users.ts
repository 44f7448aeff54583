import type { NotificationPreferences } from '@bank/events';
import type { Db } from '../projection.ts';

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
}

interface CustomerRow extends Record<string, unknown> {
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
}

/** The signed-in user as login, register, GET /user and PUT /profile return it. */
export async function readUser(db: Db, customerId: string): Promise<UserView | undefined> {
  const { rows } = await db.query<CustomerRow>(
    `SELECT c.*, CASE WHEN i.ref IS NULL THEN NULL
       ELSE 'data:' || i.mime_type || ';base64,' || translate(encode(i.data, 'base64'), E'\n', '') END AS profile_image
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
    profileImage: row.profile_image,
    notification_preferences: row.notification_preferences,
    created_at: row.created_at.toISOString(),
  };
}
