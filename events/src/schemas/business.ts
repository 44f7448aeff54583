import { BUSINESS_TYPES } from '@bank/contracts/business-account-rules';
import { z } from 'zod';
import { defineEvent } from '../catalogue.ts';

/**
 * A customer opened a business account online for a business they are authorized to act for, on
 * the customer's own stream (which keeps the per-customer count of business accounts). The EIN is
 * sealed with the bank's secrets key (as the SSN is) and, in the log, again with the customer's
 * own key, as are the name and the last four digits: erasing the customer makes them unreadable.
 */
export const BusinessProfileRecorded = defineEvent(
  'BusinessProfileRecorded',
  z.object({
    customerId: z.uuid(),
    /** The business account opened for it, in the same append. */
    accountId: z.uuid(),
    businessName: z.string(),
    businessType: z.enum(BUSINESS_TYPES),
    einSealed: z.string(),
    /** Shown to tell a customer's businesses apart; a string, since it reads "[erased]" after. */
    einLast4: z.string(),
  }),
);

export const businessEvents = [BusinessProfileRecorded] as const;
