import type { BankEvent } from '@bank/events';
import { maskCardNumber } from './card-number.ts';
import { MAX_PIN_FAILURES } from './card.ts';

export interface CardNotice {
  title: string;
  message: string;
  priority: 'high' | 'medium' | 'low';
}

/** What the customer is told about a card event (notifications of type card). */
export function cardNotice(event: BankEvent, last4: string): CardNotice | undefined {
  const card = `your card ${maskCardNumber(last4).slice(-9)}`;
  switch (event.type) {
    case 'CardIssued':
      return {
        title: 'Card issued',
        message: `Your ${event.data.cardName} ending in ${last4} is active and on its way to you.`,
        priority: 'medium',
      };
    case 'CardLocked':
      return {
        title: 'Card locked',
        // The customer locks a card (the bank never does), so the notice does not say "we".
        message: `${cap(card)} is locked: new purchases and withdrawals are declined until you unlock it.`,
        priority: 'high',
      };
    case 'CardUnlocked':
      return {
        title: 'Card unlocked',
        message: `${cap(card)} is unlocked and can be used again.`,
        priority: 'medium',
      };
    case 'CardReportedLostOrStolen':
      return {
        title: `Card reported ${event.data.kind}`,
        message: `${cap(card)} was deactivated. You can apply for a replacement on the Cards page.`,
        priority: 'high',
      };
    case 'CardSettingsChanged':
      return {
        title: 'Card settings updated',
        message: `The settings of ${card} were changed.`,
        priority: 'low',
      };
    case 'CardLimitsChanged':
      return {
        title: 'Card limits updated',
        message: `The daily limits of ${card} were changed.`,
        priority: 'medium',
      };
    case 'CardPinSet':
      return {
        title: event.data.initial ? 'Card PIN set' : 'Card PIN changed',
        message: `The PIN of ${card} was ${event.data.initial ? 'set' : 'changed'}. If this was not you, lock the card and contact us at once.`,
        priority: 'high',
      };
    case 'CardPinAttemptFailed':
      return event.data.consecutiveFailures === MAX_PIN_FAILURES
        ? {
            title: 'PIN changes blocked',
            message: `After ${MAX_PIN_FAILURES} incorrect PINs, PIN changes for ${card} are blocked for 24 hours. If this was not you, lock the card and contact us.`,
            priority: 'high',
          }
        : undefined;
    default:
      return undefined;
  }
}

function cap(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
