import { ERASED } from '@bank/events';
import { defineProjection } from '../../projection.ts';

/** Customers' profiles as the signed-in area shows them. */
export const customersProjection = defineProjection({
  name: 'customers',
  tables: ['rm_customers'],
  handlers: {
    async CustomerRegistered(d, event, db) {
      await db.query(
        `INSERT INTO rm_customers (customer_id, account_number, name, email, phone, address, city, state,
           zip_code, date_of_birth, employment_status, annual_income, notification_preferences, created_at,
           unverified_contacts)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15)`,
        [
          d.customerId,
          d.accountNumber,
          d.name,
          d.email,
          d.phone,
          d.address,
          d.city,
          d.state,
          d.zipCode,
          d.dateOfBirth,
          d.employmentStatus,
          d.annualIncome,
          JSON.stringify(d.notificationPreferences),
          event.recordedAt,
          d.contactsToProve ?? [],
        ],
      );
    },
    async CustomerProfileUpdated(d, _event, db) {
      await db.query(
        `UPDATE rm_customers SET name = coalesce($2, name), email = coalesce($3, email),
           phone = coalesce($4, phone), address = coalesce($5, address), city = coalesce($6, city),
           state = coalesce($7, state), zip_code = coalesce($8, zip_code),
           date_of_birth = coalesce($9, date_of_birth),
           unverified_contacts = ARRAY(
             SELECT DISTINCT kind FROM unnest(unverified_contacts || $10::text[]) AS kind ORDER BY kind)
         WHERE customer_id = $1`,
        [
          d.customerId,
          d.name ?? null,
          d.email ?? null,
          d.phone ?? null,
          d.address ?? null,
          d.city ?? null,
          d.state ?? null,
          d.zipCode ?? null,
          d.dateOfBirth ?? null,
          d.contactsToProve ?? [],
        ],
      );
    },
    async CustomerContactVerified(d, _event, db) {
      await db.query(
        'UPDATE rm_customers SET unverified_contacts = array_remove(unverified_contacts, $2) WHERE customer_id = $1',
        [d.customerId, d.kind],
      );
    },
    async CustomerProfileImageChanged(d, _event, db) {
      await db.query('UPDATE rm_customers SET profile_image = $2 WHERE customer_id = $1', [
        d.customerId,
        d.profileImage,
      ]);
    },
    async CustomerErased(d, _event, db) {
      await db.query(
        `UPDATE rm_customers SET name = $2, email = $2, phone = $2, address = $2, city = $2,
           state = $2, zip_code = $2, date_of_birth = $2, employment_status = NULL,
           annual_income = NULL, profile_image = NULL, unverified_contacts = '{}'
         WHERE customer_id = $1`,
        [d.customerId, ERASED],
      );
    },
    async CustomerNotificationPreferencesChanged(d, _event, db) {
      await db.query(
        'UPDATE rm_customers SET notification_preferences = $2 WHERE customer_id = $1',
        [d.customerId, JSON.stringify(d.notificationPreferences)],
      );
    },
  },
});
