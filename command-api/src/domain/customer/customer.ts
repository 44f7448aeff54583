import {
  CustomerAlertsChanged,
  CustomerContactVerified,
  CustomerNotificationPreferencesChanged,
  CustomerPasswordChanged,
  CustomerProfileImageChanged,
  CustomerErased,
  CustomerProfileUpdated,
  CustomerRegistered,
  CustomerSignInLocked,
  CustomerRecoveryCodeUsed,
  CustomerRecoveryCodesRegenerated,
  CustomerTwoFactorDisabled,
  CustomerTwoFactorEnabled,
  type AlertPreferences,
  type ContactKind,
  type EventData,
  type NotificationPreferences,
} from '@bank/events';
import { addressKey } from '@bank/contracts';
import { DomainError, type Aggregate, type StreamEvent } from '../../kernel/aggregate.ts';
import { normalizeEmail, phoneDigits } from '../reservation.ts';
import { closeOutFirstMessage } from './close-out.ts';

export const NOT_CLOSED_OUT = 'not_closed_out';

export interface CustomerState {
  registered: boolean;
  erased: boolean;
  customerId: string;
  accountNumber: string;
  passwordHash: string;
  name: string;
  email: string;
  phone: string;
  /** Where cards and letters are sent. */
  mailingAddress: MailingAddress;
  profileImage: string | null;
  notificationPreferences: NotificationPreferences | null;
  /**
   * Set while two-factor sign-in is on: the sealed secret, the unused recovery codes' hashes, and
   * those of the set's codes already used (a code sent again is then told apart from a guess).
   */
  twoFactor: {
    secretSealed: string;
    recoveryCodeHashes: readonly string[];
    usedRecoveryCodeHashes: readonly string[];
  } | null;
  /**
   * Contacts given at registration or changed in the profile and not yet proved with a code:
   * nobody finds the customer under them, so money addressed to them waits.
   */
  unverifiedContacts: readonly ContactKind[];
  /** Business accounts opened online (at most MAX_BUSINESS_ACCOUNTS). */
  businessAccounts: number;
}

export type { ContactKind };

export interface MailingAddress {
  address: string;
  city: string;
  state: string;
  zipCode: string;
}

const NO_ADDRESS: MailingAddress = { address: '', city: '', state: '', zipCode: '' };
const MAILING_FIELDS: readonly (keyof MailingAddress)[] = ['address', 'city', 'state', 'zipCode'];

/** Whether an update moves the mailing address (a field given, and not the one on file). */
export function changesMailingAddress(
  current: MailingAddress,
  next: Partial<Record<keyof MailingAddress, string | undefined>>,
): boolean {
  return MAILING_FIELDS.some((field) => {
    const value = next[field];
    return value !== undefined && addressKey(value) !== addressKey(current[field]);
  });
}

/**
 * Whether a card's delivery address is the mailing address on file: empty means "the address on
 * file"; otherwise the street, city, state and ZIP, written any way that reads the same.
 */
export function isMailingAddress(current: MailingAddress, delivery: string): boolean {
  const typed = addressKey(delivery);
  if (typed === '') return true;
  return typed === addressKey(MAILING_FIELDS.map((field) => current[field]).join(' '));
}

const CONTACT_KINDS: readonly ContactKind[] = ['email', 'phone'];

/** Whether an update changes the contact: compared as lookups compare them. */
function changesContact(kind: ContactKind, current: string, next: string | undefined) {
  if (next === undefined) return false;
  return kind === 'email'
    ? normalizeEmail(next) !== normalizeEmail(current)
    : phoneDigits(next) !== phoneDigits(current);
}

export const customerAggregate: Aggregate<
  CustomerState,
  StreamEvent<
    | 'CustomerRegistered'
    | 'CustomerProfileUpdated'
    | 'CustomerPasswordChanged'
    | 'CustomerProfileImageChanged'
    | 'CustomerNotificationPreferencesChanged'
    | 'CustomerTwoFactorEnabled'
    | 'CustomerTwoFactorDisabled'
    | 'CustomerRecoveryCodeUsed'
    | 'CustomerRecoveryCodesRegenerated'
    | 'CustomerErased'
    | 'CustomerAlertsChanged'
    | 'CustomerSignInLocked'
    | 'CustomerContactVerified'
    | 'BusinessProfileRecorded'
  >
> = {
  name: 'customer',
  initial: () => ({
    registered: false,
    erased: false,
    customerId: '',
    accountNumber: '',
    passwordHash: '',
    name: '',
    email: '',
    phone: '',
    mailingAddress: NO_ADDRESS,
    profileImage: null,
    notificationPreferences: null,
    twoFactor: null,
    unverifiedContacts: [],
    businessAccounts: 0,
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'CustomerRegistered':
        return {
          ...state,
          registered: true,
          customerId: event.data.customerId,
          accountNumber: event.data.accountNumber,
          passwordHash: event.data.passwordHash,
          name: event.data.name,
          email: event.data.email,
          phone: event.data.phone,
          mailingAddress: {
            address: event.data.address,
            city: event.data.city,
            state: event.data.state,
            zipCode: event.data.zipCode,
          },
          notificationPreferences: event.data.notificationPreferences,
          unverifiedContacts: event.data.contactsToProve ?? [],
        };
      case 'CustomerProfileUpdated': {
        // Updates written before they named the contacts to prove changed exactly those.
        const changed =
          event.data.contactsToProve ??
          CONTACT_KINDS.filter((kind) => changesContact(kind, state[kind], event.data[kind]));
        return {
          ...state,
          name: event.data.name ?? state.name,
          email: event.data.email ?? state.email,
          phone: event.data.phone ?? state.phone,
          mailingAddress: {
            address: event.data.address ?? state.mailingAddress.address,
            city: event.data.city ?? state.mailingAddress.city,
            state: event.data.state ?? state.mailingAddress.state,
            zipCode: event.data.zipCode ?? state.mailingAddress.zipCode,
          },
          unverifiedContacts: [...new Set([...state.unverifiedContacts, ...changed])],
        };
      }
      case 'CustomerContactVerified':
        return {
          ...state,
          unverifiedContacts: state.unverifiedContacts.filter((k) => k !== event.data.kind),
        };
      case 'CustomerPasswordChanged':
        return { ...state, passwordHash: event.data.passwordHash };
      case 'CustomerProfileImageChanged':
        return { ...state, profileImage: event.data.profileImage };
      case 'CustomerNotificationPreferencesChanged':
        return { ...state, notificationPreferences: event.data.notificationPreferences };
      case 'CustomerTwoFactorEnabled':
        return {
          ...state,
          twoFactor: {
            secretSealed: event.data.secretSealed,
            recoveryCodeHashes: event.data.recoveryCodeHashes,
            usedRecoveryCodeHashes: [],
          },
        };
      case 'CustomerTwoFactorDisabled':
        return { ...state, twoFactor: null };
      case 'CustomerRecoveryCodeUsed':
        return state.twoFactor
          ? {
              ...state,
              twoFactor: {
                ...state.twoFactor,
                recoveryCodeHashes: state.twoFactor.recoveryCodeHashes.filter(
                  (hash) => hash !== event.data.codeHash,
                ),
                usedRecoveryCodeHashes: [
                  ...state.twoFactor.usedRecoveryCodeHashes,
                  event.data.codeHash,
                ],
              },
            }
          : state;
      case 'CustomerRecoveryCodesRegenerated':
        return state.twoFactor
          ? {
              ...state,
              twoFactor: {
                ...state.twoFactor,
                recoveryCodeHashes: event.data.recoveryCodeHashes,
                usedRecoveryCodeHashes: [],
              },
            }
          : state;
      case 'BusinessProfileRecorded':
        return { ...state, businessAccounts: state.businessAccounts + 1 };
      case 'CustomerErased':
        return {
          ...state,
          erased: true,
          twoFactor: null,
          name: '',
          email: '',
          phone: '',
          mailingAddress: NO_ADDRESS,
          profileImage: null,
        };
      default:
        return state;
    }
  },
};

type Profile = Omit<EventData<'CustomerProfileUpdated'>, 'customerId' | 'contactsToProve'>;

export const NEW_PASSWORD_IS_CURRENT =
  'The new password must be different from your current password.';

export type CustomerCommand =
  | { type: 'Register'; data: Omit<EventData<'CustomerRegistered'>, 'contactsToProve'> }
  | { type: 'UpdateProfile'; data: Profile }
  | {
      type: 'ChangePassword';
      currentPasswordValid: boolean;
      /**
       * The new password is the current one: typed again in a change (known once the current one
       * is), or checked against the current hash in a reset.
       */
      newPasswordIsCurrent: boolean;
      newPasswordHash: string;
      reason: 'changed' | 'reset';
    }
  | { type: 'ChangeProfileImage'; profileImage: string | null }
  | { type: 'ChangeNotificationPreferences'; preferences: NotificationPreferences }
  | { type: 'ChangeAlerts'; alerts: AlertPreferences }
  | { type: 'LockSignIn'; lockedUntil: string; failedAttempts: number }
  | { type: 'EnableTwoFactor'; secretSealed: string; recoveryCodeHashes: string[] }
  | { type: 'DisableTwoFactor'; passwordValid: boolean }
  | { type: 'UseRecoveryCode'; codeHash: string }
  | { type: 'RegenerateRecoveryCodes'; recoveryCodeHashes: string[] }
  | {
      type: 'Erase';
      reason: string;
      /** What the customer still holds or has pending (leftToCloseOut): must be nothing. */
      leftToCloseOut: readonly string[];
    }
  | { type: 'VerifyContact'; kind: ContactKind };

export const twoFactorMessages = {
  alreadyOn: 'Two-factor sign-in is already on.',
  notOn: 'Two-factor sign-in is not on.',
  wrongPassword: 'The password is incorrect.',
  invalidCode:
    'The code is not correct. Enter the current code from your authenticator app or an unused recovery code.',
  /**
   * Where a recovery code is no answer: setting up (there are none yet) and step-up (which takes
   * the app's code only).
   */
  invalidAppCode: 'The code is not correct. Enter the current code from your authenticator app.',
} as const;

export function decideCustomer(command: CustomerCommand, state: CustomerState) {
  if (command.type !== 'Register' && (!state.registered || state.erased)) {
    throw new DomainError('not_found', 'The requested resource was not found.');
  }
  switch (command.type) {
    case 'Register':
      if (state.registered) throw new DomainError('exists', 'The customer is already registered.');
      // Anyone can type any email or phone: it is theirs once a code sent to it comes back.
      return [CustomerRegistered.create({ ...command.data, contactsToProve: [...CONTACT_KINDS] })];
    case 'UpdateProfile': {
      const changed = Object.fromEntries(
        Object.entries(command.data).filter(([, v]) => v !== undefined),
      ) as Profile;
      if (Object.keys(changed).length === 0) return [];
      const contactsToProve = CONTACT_KINDS.filter((kind) =>
        changesContact(kind, state[kind], changed[kind]),
      );
      return [
        CustomerProfileUpdated.create({
          customerId: state.customerId,
          ...changed,
          ...(contactsToProve.length > 0 ? { contactsToProve } : {}),
        }),
      ];
    }
    case 'ChangePassword':
      if (command.reason === 'changed' && !command.currentPasswordValid) {
        throw new DomainError(
          'wrong_password',
          'The current password is incorrect.',
          'current_password',
        );
      }
      // A reset too: a forgotten password typed again is no reset, and the customer should know.
      if (command.newPasswordIsCurrent) {
        throw new DomainError('same_password', NEW_PASSWORD_IS_CURRENT, 'new_password');
      }
      return [
        CustomerPasswordChanged.create({
          customerId: state.customerId,
          passwordHash: command.newPasswordHash,
          reason: command.reason,
        }),
      ];
    case 'ChangeProfileImage':
      if (state.profileImage === command.profileImage) return [];
      return [
        CustomerProfileImageChanged.create({
          customerId: state.customerId,
          profileImage: command.profileImage,
        }),
      ];
    case 'ChangeNotificationPreferences':
      return [
        CustomerNotificationPreferencesChanged.create({
          customerId: state.customerId,
          notificationPreferences: command.preferences,
        }),
      ];
    case 'ChangeAlerts':
      return [
        CustomerAlertsChanged.create({ customerId: state.customerId, alerts: command.alerts }),
      ];
    case 'LockSignIn':
      return [
        CustomerSignInLocked.create({
          customerId: state.customerId,
          lockedUntil: command.lockedUntil,
          failedAttempts: command.failedAttempts,
        }),
      ];
    case 'EnableTwoFactor':
      if (state.twoFactor) throw new DomainError('exists', twoFactorMessages.alreadyOn);
      return [
        CustomerTwoFactorEnabled.create({
          customerId: state.customerId,
          secretSealed: command.secretSealed,
          recoveryCodeHashes: command.recoveryCodeHashes,
        }),
      ];
    case 'DisableTwoFactor':
      if (!state.twoFactor) throw new DomainError('conflict', twoFactorMessages.notOn);
      if (!command.passwordValid) {
        throw new DomainError('wrong_password', twoFactorMessages.wrongPassword, 'password');
      }
      return [CustomerTwoFactorDisabled.create({ customerId: state.customerId })];
    case 'UseRecoveryCode':
      // Each code once: the hash leaves the set with this event, and the stream's version check
      // lets only one of two racing sign-ins append it.
      if (!state.twoFactor?.recoveryCodeHashes.includes(command.codeHash)) {
        throw new DomainError('invalid_code', twoFactorMessages.invalidCode, 'code');
      }
      return [
        CustomerRecoveryCodeUsed.create({
          customerId: state.customerId,
          codeHash: command.codeHash,
        }),
      ];
    case 'RegenerateRecoveryCodes':
      if (!state.twoFactor) throw new DomainError('conflict', twoFactorMessages.notOn);
      return [
        CustomerRecoveryCodesRegenerated.create({
          customerId: state.customerId,
          recoveryCodeHashes: command.recoveryCodeHashes,
        }),
      ];
    case 'Erase':
      // Erased with money left or pending, the money would be stranded: nobody to pay it to.
      if (command.leftToCloseOut.length > 0) {
        throw new DomainError(NOT_CLOSED_OUT, closeOutFirstMessage(command.leftToCloseOut));
      }
      return [CustomerErased.create({ customerId: state.customerId, reason: command.reason })];
    case 'VerifyContact':
      return state.unverifiedContacts.includes(command.kind)
        ? [CustomerContactVerified.create({ customerId: state.customerId, kind: command.kind })]
        : [];
    default: {
      const exhaustive: never = command;
      throw new Error(`Unknown command ${(exhaustive as { type: string }).type}`);
    }
  }
}
