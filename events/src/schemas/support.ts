import {
  DISPUTE_OUTCOME_KEYS,
  DISPUTE_REASON_KEYS,
  SUPPORT_CATEGORY_KEYS,
  TICKET_PRIORITY_KEYS,
  TICKET_STATUS_KEYS,
} from '@bank/contracts';
import { z } from 'zod';
import { defineEvent } from '../catalogue.ts';

export const supportStreams = {
  ticket: (ticketId: string) => `support-ticket-${ticketId}`,
  /** A reservation stream per ticket number: a second claim on a number finds it taken. */
  ticketNumber: (ticketNumber: string) => `reservation-ticket_number-${ticketNumber}`,
  /** One per history line: a second dispute of the same charge finds the first. */
  dispute: (transactionId: string) => `reservation-dispute-${transactionId}`,
};

// The categories, priorities and statuses are the contract's; events record what was chosen.
export {
  SUPPORT_CATEGORIES as supportCategories,
  SUPPORT_CATEGORY_KEYS as supportCategoryKeys,
  TICKET_PRIORITIES as ticketPriorities,
  TICKET_PRIORITY_KEYS as ticketPriorityKeys,
  TICKET_STATUSES as ticketStatuses,
  TICKET_STATUS_KEYS as ticketStatusKeys,
  type SupportCategory,
  type TicketPriority,
  type TicketStatus,
} from '@bank/contracts';

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
    category: z.enum(SUPPORT_CATEGORY_KEYS),
    priority: z.enum(TICKET_PRIORITY_KEYS),
    /** The history line the ticket is about: a dispute of that card charge. */
    transactionId: z.string().optional(),
    disputeReason: z.enum(DISPUTE_REASON_KEYS).optional(),
  }),
);

/** A card charge disputed: the ticket that follows the case. Written once per history line. */
export const CardChargeDisputed = defineEvent(
  'CardChargeDisputed',
  z.object({
    transactionId: z.string(),
    customerId: z.uuid(),
    ticketId: z.uuid(),
    ticketNumber: z.string(),
    reason: z.enum(DISPUTE_REASON_KEYS),
  }),
);

/**
 * Staff decided a disputed card charge, once per dispute: refunded (the charge's amount credited
 * back to the account it was paid from, by `entryId`) or declined (the charge stands).
 */
export const CardChargeDisputeResolved = defineEvent(
  'CardChargeDisputeResolved',
  z.object({
    transactionId: z.string(),
    customerId: z.uuid(),
    ticketId: z.uuid(),
    outcome: z.enum(DISPUTE_OUTCOME_KEYS),
    /** The refund's posting on the customer's account, when refunded. */
    refund: z
      .object({ accountId: z.uuid(), entryId: z.uuid(), amount: z.number().int().positive() })
      .optional(),
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
    from: z.enum(TICKET_STATUS_KEYS),
    to: z.enum(TICKET_STATUS_KEYS),
    changedBy: z.enum(['customer', 'staff']),
  }),
);

export const supportEvents = [
  SupportTicketNumberReserved,
  SupportTicketOpened,
  SupportTicketReplied,
  SupportTicketStatusChanged,
  CardChargeDisputed,
  CardChargeDisputeResolved,
] as const;
