import { CARD_LIMIT_MAX_CENTS, CARD_LIMIT_MESSAGES, CARD_MESSAGES } from '@bank/contracts';
import {
  CardIssued,
  CardLimitsChanged,
  CardLocked,
  CardPinAttemptFailed,
  CardPinSet,
  CardReportedLostOrStolen,
  CardSettingsChanged,
  CardUnlocked,
  type CardSettings,
  type CardType,
  type EventData,
} from '@bank/events';
import { DomainError, type Aggregate, type StreamEvent } from '../../kernel/aggregate.ts';

export type CardStatus = 'active' | 'locked' | 'lost' | 'stolen';

export interface CardState {
  issued: boolean;
  cardId: string;
  customerId: string;
  accountId: string;
  cardType: CardType;
  status: CardStatus;
  last4: string;
  settings: CardSettings;
  dailyAtmLimit: number;
  dailyPurchaseLimit: number;
  pinHash: string | null;
  /** Wrong current PINs in a row since the PIN was last set, and when the last one was. */
  pinFailures: number;
  lastPinFailureAt: string | null;
}

/** The highest daily limits a customer may choose (cents): ATM $5,000, purchases $25,000. */
export const MAX_DAILY_ATM_LIMIT = CARD_LIMIT_MAX_CENTS.daily_atm_limit;
export const MAX_DAILY_PURCHASE_LIMIT = CARD_LIMIT_MAX_CENTS.daily_purchase_limit;
/** After this many wrong current PINs in a row, PIN changes wait a day (or for customer service). */
export const MAX_PIN_FAILURES = 5;
export const PIN_BLOCK_MS = 24 * 60 * 60 * 1000;

export const cardMessages = {
  alreadyApplied: 'You have already applied for this card.',
  alreadyLocked: 'This card is already locked.',
  notLocked: 'This card is not locked.',
  reported: 'This card has been reported lost or stolen and can no longer be used.',
  alreadyReported: 'This card has already been reported lost or stolen.',
  currentPinRequired: 'Please enter your current PIN.',
  currentPinWrong: CARD_MESSAGES.currentPinWrong,
  samePin: 'The new PIN must be different from your current PIN.',
  pinBlocked:
    'Too many incorrect PIN attempts. Please try again in 24 hours or contact customer service.',
  atmLimitTooHigh: CARD_LIMIT_MESSAGES.daily_atm_limit.tooHigh,
  purchaseLimitTooHigh: CARD_LIMIT_MESSAGES.daily_purchase_limit.tooHigh,
} as const;

export const cardAggregate: Aggregate<
  CardState,
  StreamEvent<
    | 'CardIssued'
    | 'CardLocked'
    | 'CardUnlocked'
    | 'CardReportedLostOrStolen'
    | 'CardSettingsChanged'
    | 'CardLimitsChanged'
    | 'CardPinSet'
    | 'CardPinAttemptFailed'
  >
> = {
  name: 'card',
  initial: () => ({
    issued: false,
    cardId: '',
    customerId: '',
    accountId: '',
    cardType: 'debit',
    status: 'active',
    last4: '',
    settings: {
      transactionAlerts: true,
      internationalTransactions: false,
      contactlessEnabled: true,
    },
    dailyAtmLimit: 0,
    dailyPurchaseLimit: 0,
    pinHash: null,
    pinFailures: 0,
    lastPinFailureAt: null,
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'CardIssued':
        return {
          ...state,
          issued: true,
          cardId: event.data.cardId,
          customerId: event.data.customerId,
          accountId: event.data.accountId,
          cardType: event.data.cardType,
          status: 'active',
          last4: event.data.last4,
          settings: event.data.settings,
          dailyAtmLimit: event.data.dailyAtmLimit,
          dailyPurchaseLimit: event.data.dailyPurchaseLimit,
        };
      case 'CardLocked':
        return { ...state, status: 'locked' };
      case 'CardUnlocked':
        return { ...state, status: 'active' };
      case 'CardReportedLostOrStolen':
        return { ...state, status: event.data.kind };
      case 'CardSettingsChanged':
        return { ...state, settings: event.data.settings };
      case 'CardLimitsChanged':
        return {
          ...state,
          dailyAtmLimit: event.data.dailyAtmLimit,
          dailyPurchaseLimit: event.data.dailyPurchaseLimit,
        };
      case 'CardPinSet':
        return { ...state, pinHash: event.data.pinHash, pinFailures: 0, lastPinFailureAt: null };
      case 'CardPinAttemptFailed':
        return {
          ...state,
          pinFailures: event.data.consecutiveFailures,
          lastPinFailureAt: event.data.failedAt,
        };
      default:
        return state;
    }
  },
};

export type CardCommand =
  | { type: 'Issue'; data: EventData<'CardIssued'> }
  | { type: 'Lock'; reason: string }
  | { type: 'Unlock'; reason: string }
  | { type: 'ReportLostOrStolen'; kind: 'lost' | 'stolen'; description: string }
  | { type: 'ChangeSettings'; settings: Partial<CardSettings> }
  | { type: 'ChangeLimits'; dailyAtmLimit?: number; dailyPurchaseLimit?: number }
  | {
      type: 'SetPin';
      /** Null when the PIN cannot change (a wrong or unchanged current PIN): nothing was hashed. */
      newPinHash: string | null;
      /** What the service found by verifying the given PINs against the card's current hash. */
      currentPin: { supplied: boolean; valid: boolean };
      newPinSameAsCurrent: boolean;
      now: Date;
    };

function requireUsable(state: CardState, field: string): void {
  if (state.status === 'lost' || state.status === 'stolen') {
    throw new DomainError('card_reported', cardMessages.reported, field);
  }
}

export function pinChangesBlocked(state: CardState, now: Date): boolean {
  return (
    state.pinFailures >= MAX_PIN_FAILURES &&
    state.lastPinFailureAt !== null &&
    now.getTime() - Date.parse(state.lastPinFailureAt) < PIN_BLOCK_MS
  );
}

/**
 * The refusals of a PIN change that need no PIN checked (a lost or stolen card, no current PIN
 * given, PIN changes blocked): the service asks them before it hashes anything.
 */
export function refuseSetPin(state: CardState, currentPinSupplied: boolean, now: Date): void {
  requireUsable(state, 'new_pin');
  if (state.pinHash === null) return;
  if (!currentPinSupplied) {
    throw new DomainError('current_pin_required', cardMessages.currentPinRequired, 'current_pin');
  }
  if (pinChangesBlocked(state, now)) {
    throw new DomainError('pin_blocked', cardMessages.pinBlocked, 'current_pin');
  }
}

/** Pure card rules. Ownership is checked before (another customer's card is simply not found). */
export function decideCard(command: CardCommand, state: CardState) {
  if (command.type === 'Issue') {
    if (state.issued) throw new DomainError('already_applied', cardMessages.alreadyApplied);
    return [CardIssued.create(command.data)];
  }
  if (!state.issued) throw new DomainError('not_found', 'The requested resource was not found.');
  const ref = { cardId: state.cardId, customerId: state.customerId };
  switch (command.type) {
    case 'Lock':
      requireUsable(state, 'action');
      if (state.status === 'locked') {
        throw new DomainError('already_locked', cardMessages.alreadyLocked, 'action');
      }
      return [CardLocked.create({ ...ref, reason: command.reason })];
    case 'Unlock':
      requireUsable(state, 'action');
      if (state.status !== 'locked') {
        throw new DomainError('not_locked', cardMessages.notLocked, 'action');
      }
      return [CardUnlocked.create({ ...ref, reason: command.reason })];
    case 'ReportLostOrStolen':
      if (state.status === 'lost' || state.status === 'stolen') {
        throw new DomainError('already_reported', cardMessages.alreadyReported, 'type');
      }
      return [
        CardReportedLostOrStolen.create({
          ...ref,
          kind: command.kind,
          description: command.description,
        }),
      ];
    case 'ChangeSettings': {
      requireUsable(state, 'settings');
      const settings = { ...state.settings };
      for (const [key, value] of Object.entries(command.settings)) {
        if (value !== undefined) settings[key as keyof CardSettings] = value;
      }
      const changed = (Object.keys(settings) as (keyof CardSettings)[]).some(
        (key) => settings[key] !== state.settings[key],
      );
      return changed ? [CardSettingsChanged.create({ ...ref, settings })] : [];
    }
    case 'ChangeLimits': {
      requireUsable(state, 'daily_atm_limit');
      const dailyAtmLimit = command.dailyAtmLimit ?? state.dailyAtmLimit;
      const dailyPurchaseLimit = command.dailyPurchaseLimit ?? state.dailyPurchaseLimit;
      if (dailyAtmLimit > MAX_DAILY_ATM_LIMIT) {
        throw new DomainError('limit_too_high', cardMessages.atmLimitTooHigh, 'daily_atm_limit');
      }
      if (dailyPurchaseLimit > MAX_DAILY_PURCHASE_LIMIT) {
        throw new DomainError(
          'limit_too_high',
          cardMessages.purchaseLimitTooHigh,
          'daily_purchase_limit',
        );
      }
      if (
        dailyAtmLimit === state.dailyAtmLimit &&
        dailyPurchaseLimit === state.dailyPurchaseLimit
      ) {
        return [];
      }
      return [CardLimitsChanged.create({ ...ref, dailyAtmLimit, dailyPurchaseLimit })];
    }
    case 'SetPin': {
      refuseSetPin(state, command.currentPin.supplied, command.now);
      const initial = state.pinHash === null;
      if (!initial) {
        if (!command.currentPin.valid) {
          // Recorded, not thrown: the failure must count. The service answers with WRONG_PIN.
          return [
            CardPinAttemptFailed.create({
              ...ref,
              consecutiveFailures: state.pinFailures + 1,
              failedAt: command.now.toISOString(),
            }),
          ];
        }
        if (command.newPinSameAsCurrent) {
          throw new DomainError('same_pin', cardMessages.samePin, 'new_pin');
        }
      }
      if (command.newPinHash === null) throw new Error('A PIN that changes must come hashed');
      return [CardPinSet.create({ ...ref, pinHash: command.newPinHash, initial })];
    }
    default: {
      const exhaustive: never = command;
      throw new Error(`Unknown command ${(exhaustive as { type: string }).type}`);
    }
  }
}
