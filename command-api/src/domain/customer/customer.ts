import {
  CustomerNotificationPreferencesChanged,
  CustomerPasswordChanged,
  CustomerProfileImageChanged,
  CustomerErased,
  CustomerProfileUpdated,
  CustomerRegistered,
  CustomerSignInLocked,
  type BankEvent,
  type EventData,
  type NotificationPreferences,
} from '@bank/events';
import { DomainError, type Aggregate } from '../../kernel/aggregate.ts';

export interface CustomerState {
  registered: boolean;
  erased: boolean;
  customerId: string;
  accountNumber: string;
  passwordHash: string;
  name: string;
  email: string;
  phone: string;
  profileImage: string | null;
  notificationPreferences: NotificationPreferences | null;
}

export const customerAggregate: Aggregate<CustomerState> = {
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
    profileImage: null,
    notificationPreferences: null,
  }),
  evolve(state, event: BankEvent) {
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
          notificationPreferences: event.data.notificationPreferences,
        };
      case 'CustomerProfileUpdated':
        return {
          ...state,
          name: event.data.name ?? state.name,
          email: event.data.email ?? state.email,
          phone: event.data.phone ?? state.phone,
        };
      case 'CustomerPasswordChanged':
        return { ...state, passwordHash: event.data.passwordHash };
      case 'CustomerProfileImageChanged':
        return { ...state, profileImage: event.data.profileImage };
      case 'CustomerNotificationPreferencesChanged':
        return { ...state, notificationPreferences: event.data.notificationPreferences };
      case 'CustomerErased':
        return { ...state, erased: true, name: '', email: '', phone: '', profileImage: null };
      default:
        return state;
    }
  },
};

type Profile = Omit<EventData<'CustomerProfileUpdated'>, 'customerId'>;

export type CustomerCommand =
  | { type: 'Register'; data: EventData<'CustomerRegistered'> }
  | { type: 'UpdateProfile'; data: Profile }
  | {
      type: 'ChangePassword';
      currentPasswordValid: boolean;
      newPasswordHash: string;
      reason: 'changed' | 'reset';
    }
  | { type: 'ChangeProfileImage'; profileImage: string | null }
  | { type: 'ChangeNotificationPreferences'; preferences: NotificationPreferences }
  | { type: 'LockSignIn'; lockedUntil: string; failedAttempts: number }
  | { type: 'Erase'; reason: string };

export function decideCustomer(command: CustomerCommand, state: CustomerState) {
  if (command.type !== 'Register' && (!state.registered || state.erased)) {
    throw new DomainError('not_found', 'The requested resource was not found.');
  }
  switch (command.type) {
    case 'Register':
      if (state.registered) throw new DomainError('exists', 'The customer is already registered.');
      return [CustomerRegistered.create(command.data)];
    case 'UpdateProfile': {
      const changed = Object.fromEntries(
        Object.entries(command.data).filter(([, v]) => v !== undefined),
      ) as Profile;
      if (Object.keys(changed).length === 0) return [];
      return [CustomerProfileUpdated.create({ customerId: state.customerId, ...changed })];
    }
    case 'ChangePassword':
      if (command.reason === 'changed' && !command.currentPasswordValid) {
        throw new DomainError(
          'wrong_password',
          'The current password is incorrect.',
          'current_password',
        );
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
    case 'LockSignIn':
      return [
        CustomerSignInLocked.create({
          customerId: state.customerId,
          lockedUntil: command.lockedUntil,
          failedAttempts: command.failedAttempts,
        }),
      ];
    case 'Erase':
      return [CustomerErased.create({ customerId: state.customerId, reason: command.reason })];
    default: {
      const exhaustive: never = command;
      throw new Error(`Unknown command ${(exhaustive as { type: string }).type}`);
    }
  }
}
