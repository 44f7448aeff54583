/**
 * The bank's time zone: its day (limits, business dates, bill-pay due dates) starts at midnight in
 * New York, with daylight saving, whatever the server's or the customer's time zone.
 */
export const BANK_TIME_ZONE = 'America/New_York';
