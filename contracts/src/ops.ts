import { z } from 'zod';
import { successOf } from './envelope.ts';

// Staff calls under /ops (the ops token), as the ops CLI and staff tools read them. Instants are
// ISO 8601 text; amounts are dollars.

/** The answer of POST /ops/customers/erase: whose personal data was erased. */
export const customerErasedData = z.object({ customer_id: z.string() });
export const customerErasedAnswer = successOf(customerErasedData);

/** The answer of POST /ops/contact-requests/erase: the contact requests of that email. */
export const contactRequestsErasedData = z.object({ request_ids: z.array(z.string()) });
export const contactRequestsErasedAnswer = successOf(contactRequestsErasedData);

/** The answer of POST /ops/contact-requests/{id}/handled: when it was handled (the first time). */
export const contactRequestHandledData = z.object({
  request_id: z.string(),
  handled_at: z.string(),
});
export const contactRequestHandledAnswer = successOf(contactRequestHandledData);

/** The answer of POST /ops/deposits (201, or the stored answer again for the same key). */
export const tellerDepositData = z.object({
  account_id: z.string(),
  reference_number: z.string(),
  amount: z.number(),
});
export const tellerDepositAnswer = successOf(tellerDepositData);

/** The answer of POST /ops/auditors (201): the token is in this answer only. */
export const auditorIssuedData = z.object({
  auditor_id: z.string(),
  name: z.string(),
  token: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
});
export const auditorIssuedAnswer = successOf(auditorIssuedData);

/** The answer of DELETE /ops/auditors/{auditorId}. */
export const auditorRevokedData = z.object({ auditor_id: z.string() });
export const auditorRevokedAnswer = successOf(auditorRevokedData);

/** The answer of POST /ops/parked-events/retry and /skip: what became of the event. */
export const parkedEventResolvedData = z.object({ status: z.enum(['retried', 'skipped']) });
export const parkedEventResolvedAnswer = successOf(parkedEventResolvedData);

/** The answer of POST /ops/parked-events/retry-all: what became of a projection's parked events. */
export const parkedEventsRetriedData = z.object({
  applied: z.number(),
  /** Failed again: they stay parked, with the new error. */
  parked_again: z.number(),
  /** A failure that is not the events' (a grant missing, say) stopped the retries: fix it first. */
  stopped_by: z.string().nullable(),
});
export const parkedEventsRetriedAnswer = successOf(parkedEventsRetriedData);

/** An event a projection set aside, with why and what became of it. */
export const parkedEventView = z.object({
  projection: z.string(),
  event_id: z.string(),
  stream_id: z.string(),
  type: z.string(),
  global_position: z.number(),
  /** A PostgreSQL transaction id, as text (it outgrows JavaScript's safe integers). */
  transaction_id: z.string(),
  error: z.string(),
  attempts: z.number(),
  status: z.enum(['parked', 'retried', 'skipped']),
  parked_at: z.string(),
  resolved_at: z.string().nullable(),
});

/** The answer of GET /ops/parked-events: the open ones, or all with ?all=true. */
export const parkedEventsData = z.object({ parked_events: z.array(parkedEventView) });
export const parkedEventsAnswer = successOf(parkedEventsData);

/** The answer of GET /ops/password-resets: 100 links, live ones first; a link shows while usable. */
export const passwordResetsData = z.object({
  password_resets: z.array(
    z.object({
      created_at: z.string(),
      expires_at: z.string(),
      used_at: z.string().nullable(),
      /** Null once the customer's personal data is erased. */
      name: z.string().nullable(),
      account_number: z.string().nullable(),
      reset_link: z.string().nullable(),
    }),
  ),
});
export const passwordResetsAnswer = successOf(passwordResetsData);

/** The answer of GET /ops/zelle-claim-codes: 100 messages to pass on, live ones first. */
export const zelleClaimCodesData = z.object({
  zelle_claim_codes: z.array(
    z.object({
      contact_kind: z.enum(['email', 'phone']),
      sent_to: z.string().nullable(),
      /** Blanked once the code is used, replaced or spent. */
      message: z.string().nullable(),
      created_at: z.string(),
      expires_at: z.string(),
      attempts: z.number(),
      closed_at: z.string().nullable(),
      name: z.string().nullable(),
      account_number: z.string().nullable(),
    }),
  ),
});
export const zelleClaimCodesAnswer = successOf(zelleClaimCodesData);

/**
 * The answer of GET /ops/contact-requests: a page of the contact page's requests, newest first;
 * `next_cursor` asks for the page after it (null on the last page).
 */
export const contactRequestsData = z.object({
  contact_requests: z.array(
    z.object({
      request_id: z.string(),
      kind: z.enum(['appointment', 'message']),
      first_name: z.string(),
      last_name: z.string(),
      email: z.string(),
      subject: z.string().nullable(),
      message: z.string().nullable(),
      appointment_type: z.string().nullable(),
      preferred_date: z.string().nullable(),
      preferred_time: z.string().nullable(),
      meeting_preference: z.string().nullable(),
      received_at: z.string(),
      handled_at: z.string().nullable(),
    }),
  ),
  next_cursor: z.string().nullable(),
});
export const contactRequestsAnswer = successOf(contactRequestsData);

/**
 * The answer of GET /ops/ledger: customer and internal balances (dollars), coins held for
 * customers and in custody (units of 10^-8 as text, and coins), what does not reconcile, and
 * whether the books balance.
 */
export const ledgerData = z.object({
  customer_accounts_total: z.number(),
  internal_accounts: z.array(z.object({ ledger_account: z.string(), balance: z.number() })),
  crypto: z.array(
    z.object({
      symbol: z.string(),
      customer_units: z.string(),
      custody_units: z.string(),
      customer_coins: z.string(),
      custody_coins: z.string(),
    }),
  ),
  breaks: z.array(z.object({ kind: z.string(), message: z.string() })),
  balanced: z.boolean(),
});
export const ledgerAnswer = successOf(ledgerData);

/** The answer of POST /ops/crypto-deposits/{id}/approve (completed) and /reject (failed). */
export const cryptoDepositReviewedData = z.object({
  id: z.string(),
  customer_id: z.string(),
  status: z.enum(['completed', 'failed']),
});
export const cryptoDepositReviewedAnswer = successOf(cryptoDepositReviewedData);

/** The answer of GET /ops/crypto-deposits: the claims waiting for review, oldest first. */
export const pendingCryptoDepositsData = z.object({
  crypto_deposits: z.array(
    z.object({
      id: z.string(),
      customer_id: z.string(),
      customer_name: z.string().nullable(),
      account_number: z.string().nullable(),
      symbol: z.string(),
      /** Coins, as text (exact to 10^-8). */
      amount: z.string(),
      /** Dollars at the price when the claim was made. */
      usd_value: z.number(),
      network: z.string().nullable(),
      tx_hash: z.string().nullable(),
      from_address: z.string().nullable(),
      deposit_address: z.string().nullable(),
      submitted_at: z.string(),
    }),
  ),
});
export const pendingCryptoDepositsAnswer = successOf(pendingCryptoDepositsData);

/** A job that used up its tries, named by id and kind (never by its data). */
export const failedJobView = z.object({
  id: z.string(),
  name: z.string(),
  error: z.string(),
  attempts: z.number(),
  queued_at: z.string(),
  failed_at: z.string().nullable(),
});

/** The answer of GET /ops/failed-jobs: the most recently failed first. */
export const failedJobsData = z.object({ failed_jobs: z.array(failedJobView) });
export const failedJobsAnswer = successOf(failedJobsData);

/** The answer of POST /ops/failed-jobs/retry. */
export const failedJobRetriedData = z.object({ status: z.literal('retried') });
export const failedJobRetriedAnswer = successOf(failedJobRetriedData);
