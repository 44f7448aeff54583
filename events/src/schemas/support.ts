import { z } from 'zod';
import { defineEvent } from '../catalogue.ts';

export const supportStreams = {
  ticket: (ticketId: string) => `support-ticket-${ticketId}`,
  /** A reservation stream per ticket number: a second claim on a number finds it taken. */
  ticketNumber: (ticketNumber: string) => `reservation-ticket_number-${ticketNumber}`,
};

/** Category keys with the labels the screen shows; the default is general. */
export const supportCategories = {
  general: 'General Inquiry',
  account: 'Account Issues',
  transactions: 'Transactions & Transfers',
  cards: 'Cards',
  bill_pay: 'Bill Pay',
  crypto: 'Crypto',
  technical: 'Technical Support',
  security: 'Security & Fraud',
} as const;
export type SupportCategory = keyof typeof supportCategories;
export const supportCategoryKeys = Object.keys(supportCategories) as [
  SupportCategory,
  ...SupportCategory[],
];

export const ticketPriorities = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
} as const;
export type TicketPriority = keyof typeof ticketPriorities;
export const ticketPriorityKeys = Object.keys(ticketPriorities) as [
  TicketPriority,
  ...TicketPriority[],
];

export const ticketStatuses = {
  open: 'Open',
  in_progress: 'In Progress',
  waiting_customer: 'Waiting for Customer',
  resolved: 'Resolved',
  closed: 'Closed',
} as const;
export type TicketStatus = keyof typeof ticketStatuses;
export const ticketStatusKeys = Object.keys(ticketStatuses) as [TicketStatus, ...TicketStatus[]];

/** Claims a ticket number (TKT-2026-483920) for a ticket. */
export const SupportTicketNumberReserved = defineEvent(
  'SupportTicketNumberReserved',
  z.object({ ticketNumber: z.string(), ticketId: z.uuid() }),
);

export const SupportTicketOpened = defineEvent(
  'SupportTicketOpened',
  z.object({
    ticketId: z.uuid(),
    customerId: z.uuid(),
    customerName: z.string(),
    ticketNumber: z.string(),
    subject: z.string(),
    description: z.string(),
    category: z.enum(supportCategoryKeys),
    priority: z.enum(ticketPriorityKeys),
  }),
);

export const SupportTicketReplied = defineEvent(
  'SupportTicketReplied',
  z.object({
    ticketId: z.uuid(),
    customerId: z.uuid(),
    replyId: z.uuid(),
    message: z.string(),
    isStaffReply: z.boolean(),
    authorName: z.string(),
  }),
);

export const SupportTicketStatusChanged = defineEvent(
  'SupportTicketStatusChanged',
  z.object({
    ticketId: z.uuid(),
    customerId: z.uuid(),
    from: z.enum(ticketStatusKeys),
    to: z.enum(ticketStatusKeys),
    changedBy: z.enum(['customer', 'staff']),
  }),
);

export const supportEvents = [
  SupportTicketNumberReserved,
  SupportTicketOpened,
  SupportTicketReplied,
  SupportTicketStatusChanged,
] as const;
