import { z } from 'zod';
import { DISPUTE_OUTCOME_KEYS } from './disputes.ts';
import { successOf } from './envelope.ts';
import { keysOf } from './keys.ts';

/** Category keys with the labels the screen shows; the default is general. */
export const SUPPORT_CATEGORIES = {
  general: 'General Inquiry',
  account: 'Account Issues',
  transactions: 'Transactions & Transfers',
  cards: 'Cards',
  bill_pay: 'Bill Pay',
  crypto: 'Crypto',
  technical: 'Technical Support',
  security: 'Security & Fraud',
} as const;
export type SupportCategory = keyof typeof SUPPORT_CATEGORIES;
export const SUPPORT_CATEGORY_KEYS = keysOf(SUPPORT_CATEGORIES);

export const TICKET_PRIORITIES = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
} as const;
export type TicketPriority = keyof typeof TICKET_PRIORITIES;
export const TICKET_PRIORITY_KEYS = keysOf(TICKET_PRIORITIES);

export const TICKET_STATUSES = {
  open: 'Open',
  in_progress: 'In Progress',
  waiting_customer: 'Waiting for Customer',
  resolved: 'Resolved',
  closed: 'Closed',
} as const;
export type TicketStatus = keyof typeof TICKET_STATUSES;
export const TICKET_STATUS_KEYS = keysOf(TICKET_STATUSES);

/** What the ticket and reply forms and the server say of a field they cannot accept. */
export const SUPPORT_MESSAGES = {
  subject: 'Please enter a subject.',
  description: 'Please describe your issue.',
  category: 'Please choose a category.',
  categoryInvalid: 'The selected category is invalid.',
  priority: 'The priority must be low, medium, high or urgent.',
  reply: 'Please enter a reply message.',
  status: 'The selected status is invalid.',
} as const;

/** The longest subject, and the longest description or reply, in characters. */
export const SUPPORT_TEXT_MAX = { subject: 255, message: 5000 } as const;

/**
 * How many replies a customer may write in one ticket. A ticket's page and every reply's answer
 * carry the whole conversation, so its length must have an end: past it, a new ticket.
 */
export const SUPPORT_CUSTOMER_REPLIES_MAX = 200;

/** A reply in a ticket's conversation: staff replies are signed by the support team. */
export const ticketReplyView = z.object({
  id: z.string(),
  message: z.string(),
  is_staff_reply: z.boolean(),
  user: z.object({ name: z.string() }),
  /** "just now", "5 minutes ago", ..., or the date. */
  time_since_created: z.string(),
  created_at: z.string(),
});

/** A support ticket with its conversation, oldest reply first. */
export const ticketView = z.object({
  id: z.string(),
  /** TKT-2026-483920 */
  ticket_number: z.string(),
  subject: z.string(),
  description: z.string(),
  category: z.enum(SUPPORT_CATEGORY_KEYS),
  category_display: z.string(),
  priority: z.enum(TICKET_PRIORITY_KEYS),
  priority_display: z.string(),
  status: z.enum(TICKET_STATUS_KEYS),
  status_display: z.string(),
  time_since_created: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  reply_count: z.number(),
  replies: z.array(ticketReplyView),
  /**
   * Set when the ticket follows the customer's dispute of a card charge: the charge's history
   * line, and how staff decided it once they have.
   */
  dispute: z
    .object({ transaction_id: z.string(), outcome: z.enum(DISPUTE_OUTCOME_KEYS).nullable() })
    .nullable(),
});
export type TicketView = z.infer<typeof ticketView>;

/**
 * The answer of GET /support/search, newest first. Each ticket carries its latest 20 replies (its
 * `reply_count` says how many it has); GET /support/tickets/{id} gives the latest 50, and
 * GET /support/tickets/{id}/replies the ones before those.
 */
export const ticketList = successOf(z.object({ tickets: z.array(ticketView) }));

/**
 * The answer of GET /support/tickets: the customer's tickets as in a search's answer, newest
 * first, a page at a time; `next_cursor` asks for the page after this one (null on the last).
 */
export const ticketPage = successOf(
  z.object({ tickets: z.array(ticketView), next_cursor: z.string().nullable() }),
);

/**
 * The answer of GET /support/tickets/{id} and of the ticket commands: the ticket now, with the
 * latest 50 replies of its conversation.
 */
export const ticketReply = successOf(z.object({ ticket: ticketView }));

/** What a customer, or staff, asks for to read further back in a ticket's conversation. */
export const earlierRepliesQuery = z.object({
  /** The id of the earliest reply shown: the page holds the replies written before it. */
  before: z.uuid({ error: 'The reply to read before is not a valid id.' }),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/**
 * The answer of GET /support/tickets/{id}/replies: the replies written before `before`, oldest
 * first, and whether earlier ones remain.
 */
export const earlierRepliesAnswer = successOf(
  z.object({ replies: z.array(ticketReplyView), has_earlier: z.boolean() }),
);

/** The answer of GET /support/categories: the choices of the ticket form, with labels. */
export const supportChoices = successOf(
  z.object({
    categories: z.record(z.enum(SUPPORT_CATEGORY_KEYS), z.string()),
    default_category: z.enum(SUPPORT_CATEGORY_KEYS),
    priorities: z.record(z.enum(TICKET_PRIORITY_KEYS), z.string()),
    default_priority: z.enum(TICKET_PRIORITY_KEYS),
    statuses: z.record(z.enum(TICKET_STATUS_KEYS), z.string()),
  }),
);

/** A ticket as staff read it under /ops: with the customer who opened it. */
export const staffTicketView = ticketView.extend({
  customer: z.object({ id: z.string(), name: z.string() }),
});

/**
 * The answer of GET /ops/tickets: every customer's tickets, newest first, a page at a time;
 * `next_cursor` asks for the page after this one (null on the last).
 */
export const staffTicketList = successOf(
  z.object({ tickets: z.array(staffTicketView), next_cursor: z.string().nullable() }),
);

/** The answer of GET /ops/tickets/{id}. */
export const staffTicketReply = successOf(z.object({ ticket: staffTicketView }));
