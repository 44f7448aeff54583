import {
  contactKind,
  defaultNotificationPreferences,
  notificationPreferences,
  type ContactKind,
  type NotificationPreferences,
} from '@bank/contracts';
import { z } from 'zod';
import { defineEvent } from '../catalogue.ts';

const profile = {
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  dateOfBirth: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
};

// What the customer is told about is also what the profile page shows and sends: one schema, in
// the contract.
export {
  contactKind,
  defaultNotificationPreferences,
  notificationPreferences,
  type ContactKind,
  type NotificationPreferences,
};

const registeredV1 = z.object({
  customerId: z.uuid(),
  accountNumber: z.string().regex(/^\d{12}$/),
  passwordHash: z.string(),
  ...profile,
  /** AES-256-GCM ciphertext of the SSN, never the SSN itself. */
  ssnEncrypted: z.string().nullable(),
  employmentStatus: z.string().nullable(),
  annualIncome: z.number().int().nullable(),
});

/**
 * The contacts an event leaves for the customer to prove with a one-time code: money sent to an
 * email or phone reaches its holder at once only once proved. Absent on events written before
 * contacts were proved: a registration then counted both as proved.
 */
const contactsToProve = z.array(contactKind).optional();

/** v2 carries the customer's notification preferences from the start. */
export const CustomerRegistered = defineEvent(
  'CustomerRegistered',
  registeredV1.extend({ notificationPreferences, contactsToProve }),
  [{ version: 1, schema: registeredV1 }],
  (v1: z.infer<typeof registeredV1>) => ({
    ...v1,
    notificationPreferences: defaultNotificationPreferences,
  }),
);

export const CustomerProfileUpdated = defineEvent(
  'CustomerProfileUpdated',
  z
    .object({ customerId: z.uuid(), ...profile, contactsToProve })
    .partial()
    .required({ customerId: true }),
);

export const CustomerPasswordChanged = defineEvent(
  'CustomerPasswordChanged',
  z.object({
    customerId: z.uuid(),
    passwordHash: z.string(),
    reason: z.enum(['changed', 'reset']),
  }),
);

export const CustomerProfileImageChanged = defineEvent(
  'CustomerProfileImageChanged',
  z.object({ customerId: z.uuid(), profileImage: z.string().nullable() }),
);

export const CustomerNotificationPreferencesChanged = defineEvent(
  'CustomerNotificationPreferencesChanged',
  z.object({ customerId: z.uuid(), notificationPreferences }),
);

/**
 * The alerts the customer set: a low balance on one account (or any, when accountId is null), a
 * single transaction of at least a threshold, and a card purchase outside the United States. A
 * null alert is off; thresholds are whole cents. Each change carries the whole set.
 */
export const alertPreferences = z.object({
  lowBalance: z
    .object({ thresholdCents: z.number().int().positive(), accountId: z.uuid().nullable() })
    .nullable(),
  largeTransaction: z.object({ thresholdCents: z.number().int().positive() }).nullable(),
  cardAbroad: z.boolean(),
});
export type AlertPreferences = z.infer<typeof alertPreferences>;
export const noAlerts: AlertPreferences = {
  lowBalance: null,
  largeTransaction: null,
  cardAbroad: false,
};

export const CustomerAlertsChanged = defineEvent(
  'CustomerAlertsChanged',
  z.object({ customerId: z.uuid(), alerts: alertPreferences }),
);

export const CustomerSignInLocked = defineEvent(
  'CustomerSignInLocked',
  z.object({ customerId: z.uuid(), lockedUntil: z.string(), failedAttempts: z.number().int() }),
);

/**
 * Two-factor sign-in switched on: the authenticator's secret sealed with the bank's secrets key
 * (and, in the log, again with the customer's own key), and SHA-256 hashes of the one-time
 * recovery codes (shown to the customer once, never stored).
 */
export const CustomerTwoFactorEnabled = defineEvent(
  'CustomerTwoFactorEnabled',
  z.object({
    customerId: z.uuid(),
    secretSealed: z.string(),
    recoveryCodeHashes: z.array(z.string()),
  }),
);

export const CustomerTwoFactorDisabled = defineEvent(
  'CustomerTwoFactorDisabled',
  z.object({ customerId: z.uuid() }),
);

/** A recovery code stood in for the authenticator once; it cannot be used again. */
export const CustomerRecoveryCodeUsed = defineEvent(
  'CustomerRecoveryCodeUsed',
  z.object({ customerId: z.uuid(), codeHash: z.string() }),
);

/**
 * The customer asked for a new set of recovery codes: these hashes replace every earlier code,
 * used or not, so the old codes stop working.
 */
export const CustomerRecoveryCodesRegenerated = defineEvent(
  'CustomerRecoveryCodesRegenerated',
  z.object({ customerId: z.uuid(), recoveryCodeHashes: z.array(z.string()) }),
);

/**
 * The customer proved they hold their current email or phone (a one-time code sent to it). A
 * contact given at registration or changed in the profile receives Zelle payments and same-bank
 * transfers only once proved.
 */
export const CustomerContactVerified = defineEvent(
  'CustomerContactVerified',
  z.object({ customerId: z.uuid(), kind: contactKind }),
);

/**
 * Claims a unique identifier (account number, email, phone) for a customer: one stream each. An
 * email or phone whose holder no longer carries it, or has not proved it a day after claiming it,
 * may be claimed again: the latest claim wins.
 */
export const IdentifierReserved = defineEvent(
  'IdentifierReserved',
  z.object({
    kind: z.enum(['account_number', 'email', 'phone', 'bank_account']),
    customerId: z.uuid(),
    /** For kind bank_account: the account that owns the number. */
    accountId: z.uuid().optional(),
    /** For an email or phone: when it was claimed (absent on claims from before it was kept). */
    claimedAt: z.string().optional(),
  }),
);

/** Erasure (right to be forgotten): the customer's key is destroyed; the books are kept. */
export const CustomerErased = defineEvent(
  'CustomerErased',
  z.object({ customerId: z.uuid(), reason: z.string() }),
);

export const customerEvents = [
  CustomerErased,
  IdentifierReserved,
  CustomerRegistered,
  CustomerProfileUpdated,
  CustomerPasswordChanged,
  CustomerProfileImageChanged,
  CustomerNotificationPreferencesChanged,
  CustomerAlertsChanged,
  CustomerSignInLocked,
  CustomerTwoFactorEnabled,
  CustomerTwoFactorDisabled,
  CustomerRecoveryCodeUsed,
  CustomerRecoveryCodesRegenerated,
  CustomerContactVerified,
] as const;
