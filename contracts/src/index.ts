export * from './accounts.ts';
export * from './alerts.ts';
export * from './bill-pay.ts';
export * from './envelope.ts';
export * from './error-codes.ts';
export * from './insights.ts';
export * from './personal-finance.ts';
export * from './transfers.ts';
export * from './scheduled-transfers.ts';
export * from './pending.ts';
export * from './saved-recipients.ts';
export * from './two-factor.ts';
export * from './account-documents.ts';
// Sign-in, the customer and the profile, notifications, contact, dashboard, search, ops and audit.
export * from './audit.ts';
export * from './auth.ts';
export * from './auth-messages.ts';
export * from './contact.ts';
export * from './customer.ts';
export * from './dashboard.ts';
export * from './notifications.ts';
export * from './ops.ts';
// Bill pay, cards, crypto, support, Zelle and the recipient lookup.
export * from './recipient-lookup.ts';
export * from './cards.ts';
export * from './support.ts';
export * from './crypto.ts';
export * from './zelle.ts';
