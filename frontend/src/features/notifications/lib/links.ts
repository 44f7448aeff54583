import type { NotificationType } from '@bank/contracts';

/**
 * Where a notice's reader goes to act on it, by its type: the API's notification carries no link,
 * and every notice of a type is acted on in the same place (a security notice in the security
 * settings, a card notice on the Cards page, money moved in the account's activity, the bank's own
 * messages (accounts opened) on the accounts page).
 */
const LINKS: Record<NotificationType, { to: string; label: string }> = {
  security: { to: '/profile?tab=security', label: 'Review security settings' },
  card: { to: '/cards', label: 'Go to Cards' },
  transfer: { to: '/accounts', label: 'View account activity' },
  transaction: { to: '/accounts', label: 'View account activity' },
  alert: { to: '/accounts', label: 'View account activity' },
  zelle: { to: '/zelle?tab=activity', label: 'View Zelle activity' },
  bill_payment: { to: '/bill-pay', label: 'Go to Bill Pay' },
  crypto: { to: '/crypto-trading', label: 'Go to Crypto' },
  support: { to: '/support', label: 'Go to Support' },
  system: { to: '/accounts', label: 'View accounts' },
};

/** The link for a notice of this type; none for a type this web app does not know yet. */
export const notificationLink = (type: string): { to: string; label: string } | undefined =>
  LINKS[type as NotificationType];
