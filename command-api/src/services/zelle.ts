import type {
  ZellePaymentView,
  ZelleRequestView,
  zelleRequestDeclined,
  zelleRequested,
  zelleSent,
  zelleSplit,
} from '@bank/contracts';
import { randomUUID } from 'node:crypto';
import {
  MoneyMovementCancelled,
  ZellePaymentReturned,
  BANK_TIME_ZONE,
  centsToDollars,
  formatUsd,
  moneyStreams,
  streams,
  zelleStreams,
  type ZelleContact,
} from '@bank/events';
import { ok, type EventMetadata } from '@bank/infra';
import type { z } from 'zod';
import { accountAggregate, decideAccount } from '../domain/account/account.ts';
import { normalizeEmail } from '../domain/reservation.ts';
import { DomainError } from '../kernel/aggregate.ts';
import type { UnitOfWork } from '../kernel/unit-of-work.ts';
import { activityAggregate } from '../domain/transfers/limits.ts';
import { decideFirstPayment, isKnownDestination } from '../domain/transfers/destinations.ts';
import { INVALID_RECIPIENT, RECIPIENT_NOT_FOUND } from '../domain/transfers/posting.ts';
import { recipientsAggregate } from '../domain/transfers/recipients.ts';
import {
  decideRequest,
  inboxAggregate,
  paymentAggregate,
  requestAggregate,
  splitShares,
  type PaymentData,
} from '../domain/zelle/zelle.ts';
import { zelleAsksAggregate } from '../domain/zelle/asks.ts';
import { decideZellePayment, decideZelleRequest, type ContactField } from '../domain/zelle/send.ts';
import type { CommandContext } from './context.ts';
import {
  refusingRepeats,
  runMoneyCommand,
  runSystemCommand,
  type RequestIdentity,
} from './idempotency.ts';
import {
  findCustomerByContact,
  loadCustomer,
  ownAccount,
  requireOpenAtCommit,
  type FoundCustomer,
} from './money-lookups.ts';
import { destinationHashesOf } from './saved-recipients.ts';
import { appendPlan, type StepUpCheck } from './transfers.ts';

export type { ContactField };

export interface ZelleInput {
  customerId: string;
  accountId: string;
  amountCents: number;
  recipientName: string;
  contact: ZelleContact;
  contactField: ContactField;
  memo: string;
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: BANK_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

export function formatZelleDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

function paymentView(p: PaymentData, status: string): ZellePaymentView {
  return {
    id: p.paymentId,
    type: 'sent',
    recipient_name: p.recipientName,
    sender_name: p.senderName,
    amount: centsToDollars(p.amount),
    formatted_amount: formatUsd(p.amount),
    memo: p.memo,
    formatted_date: formatZelleDate(p.sentAt),
    status,
    reference_number: p.reference,
    contact: p.recipientContact.value,
    expires_at: p.expiresAt ?? null,
  };
}

/**
 * Stages a payment: loads what the plan decides on, appends its events, answers. A contact the
 * customer never paid by Zelle needs a stepped-up session first (`requireStepUp`), whether the
 * payment is sent or pays a request: a hijacked session could ask itself for the money. Runs
 * inside runMoneyCommand, so a request already answered is replayed before this check.
 */
async function stagePayment(
  ctx: CommandContext,
  uow: UnitOfWork,
  input: ZelleInput,
  now: Date,
  options: {
    checkDuplicate: boolean;
    requireStepUp: StepUpCheck;
    known?: FoundCustomer;
    requestId?: string;
  },
): Promise<{ payment: PaymentData; statusCode: number; body: z.input<typeof zelleSent> }> {
  const bookStream = streams.savedRecipients(input.customerId);
  const book = (await uow.load(bookStream, recipientsAggregate)).state;
  const contact = destinationHashesOf(ctx, { type: 'zelle', contact: input.contact });
  if (!isKnownDestination(book, contact)) options.requireStepUp();
  const from = await ownAccount(uow, input.customerId, input.accountId);
  const sender = await loadCustomer(uow, input.customerId);
  const found = options.known ?? (await findCustomerByContact(uow, input.contact));
  const senderActivity = (
    await uow.load(moneyStreams.activity(input.customerId), activityAggregate)
  ).state;
  const toMe = found?.customerId === input.customerId;
  const foundAccount =
    found && !toMe
      ? (await uow.load(streams.account(found.depositAccountId), accountAggregate)).state
      : undefined;
  // A customer whose account has closed (their erasure under way) is paid as one not enrolled,
  // as they will be once it is done: the payment waits for a claim, and the closing is not told
  // to whoever knows their contact. (Paying their request still refuses: it names them.)
  const recipient = foundAccount?.closed && !options.known ? undefined : found;
  const to = recipient ? foundAccount : undefined;
  const recipientActivity =
    recipient && !toMe
      ? (await uow.load(moneyStreams.activity(recipient.customerId), activityAggregate)).state
      : undefined;
  if (!recipient) await uow.load(zelleStreams.inbox(input.contact), inboxAggregate);
  const ids = { paymentId: randomUUID(), entryId: randomUUID(), holdId: randomUUID() };
  // A new random id: nothing to read (appendNew still refuses a stream that exists).
  const existing = await uow.loadPresumedNew(zelleStreams.payment(ids.paymentId), paymentAggregate);
  if (existing.state.payment) throw new Error('payment id collision');

  const plan = decideZellePayment(
    {
      customerId: input.customerId,
      amountCents: input.amountCents,
      recipientName: input.recipientName,
      contact: input.contact,
      contactField: input.contactField,
      memo: input.memo,
      checkDuplicate: options.checkDuplicate,
      requestId: options.requestId,
    },
    { from, senderName: sender.name, recipient, senderActivity, recipientActivity, to, now, ids },
  );
  appendPlan(uow, plan.appends);
  const { payment } = plan;
  uow.append(
    bookStream,
    decideFirstPayment(book, contact, {
      customerId: input.customerId,
      transferId: payment.paymentId,
      now,
    }),
  );
  return {
    payment,
    statusCode: 201,
    body: ok(
      {
        transaction: paymentView(payment, payment.status),
        available_balance: centsToDollars(plan.availableAfter),
      },
      plan.message,
    ),
  };
}

/** POST /zelle/send. */
export function sendZelle(
  ctx: CommandContext,
  input: ZelleInput & { requireStepUp: StepUpCheck },
  identity: RequestIdentity,
  metadata: EventMetadata,
) {
  return runMoneyCommand(ctx, identity, metadata, async (uow, now) => {
    const { statusCode, body } = await stagePayment(ctx, uow, input, now, {
      checkDuplicate: identity.key === undefined,
      requireStepUp: input.requireStepUp,
    });
    return { statusCode, body };
  });
}

/**
 * Stages one request to another customer of the bank; returns how the answer shows it. A split
 * passes the payers it has asked so far, and the payer asked is added to them.
 */
async function stageRequest(
  uow: UnitOfWork,
  input: ZelleInput,
  now: Date,
  askedInSplit?: Set<string>,
) {
  const account = await ownAccount(uow, input.customerId, input.accountId);
  // Paid into it later: one made while the requester's erasure closes it is refused.
  requireOpenAtCommit(uow, account);
  const requester = await loadCustomer(uow, input.customerId);
  const payer = await findCustomerByContact(uow, input.contact);
  const requestId = randomUUID();
  await uow.loadPresumedNew(zelleStreams.request(requestId), requestAggregate);
  const asked =
    payer && payer.customerId !== input.customerId
      ? await uow.load(zelleStreams.asks(input.customerId, payer.customerId), zelleAsksAggregate)
      : undefined;
  const { appends, request: data } = decideZelleRequest(input, {
    account,
    requesterName: requester.name,
    payer,
    now,
    requestId,
    askedInSplit,
    askedBefore: asked?.state ?? [],
  });
  askedInSplit?.add(data.payerCustomerId);
  appendPlan(uow, appends);
  return {
    id: requestId,
    type: 'request',
    recipient_name: data.payerName,
    sender_name: data.requesterName,
    amount: centsToDollars(data.amount),
    memo: data.memo,
    formatted_date: formatZelleDate(data.createdAt),
    status: 'pending',
    reference_number: data.reference,
  } satisfies ZelleRequestView;
}

/** POST /zelle/request: asks another customer of the bank for money, into one of my accounts. */
export function requestZelle(
  ctx: CommandContext,
  input: ZelleInput,
  identity: RequestIdentity,
  metadata: EventMetadata,
) {
  return runMoneyCommand(ctx, refusingRepeats(identity), metadata, async (uow, now) => {
    const request = await stageRequest(uow, input, now);
    return {
      statusCode: 201,
      body: ok(
        { request } satisfies z.input<typeof zelleRequested.shape.data>,
        `Payment request for ${formatUsd(input.amountCents)} sent to ${request.recipient_name}`,
      ),
    };
  });
}

export interface SplitInput {
  customerId: string;
  accountId: string;
  totalCents: number;
  memo: string;
  people: { name: string; contact: ZelleContact; field: string }[];
}

/**
 * POST /zelle/split: one request per person for total / (people + 1), the cents shared so that
 * every share and the requester's own add up to the total. All requests are made or none.
 */
export function splitZelle(
  ctx: CommandContext,
  input: SplitInput,
  identity: RequestIdentity,
  metadata: EventMetadata,
) {
  return runMoneyCommand(ctx, refusingRepeats(identity), metadata, async (uow, now) => {
    const shares = splitShares(input.totalCents, input.people.length);
    const asked = new Set<string>();
    const requests = [];
    for (const [i, person] of input.people.entries()) {
      requests.push(
        await stageRequest(
          uow,
          {
            customerId: input.customerId,
            accountId: input.accountId,
            amountCents: shares.people[i]!,
            recipientName: person.name,
            contact: person.contact,
            contactField: person.field as ZelleInput['contactField'],
            memo: input.memo,
          },
          now,
          asked,
        ),
      );
    }
    return {
      statusCode: 201,
      body: ok(
        {
          requests,
          your_share: centsToDollars(shares.own),
          total: centsToDollars(input.totalCents),
        } satisfies z.input<typeof zelleSplit.shape.data>,
        `Split requests sent to ${requests.length} ${requests.length === 1 ? 'person' : 'people'}`,
      ),
    };
  });
}

/**
 * The requester, to be paid into the account they asked for. One whose account has closed (their
 * erasure under way or done, the request made as it decided) is answered as a recipient no longer
 * found, as a payment to them is: the payer is not told of the closing, nor named who it was.
 */
async function requesterAsRecipient(uow: UnitOfWork, customerId: string, accountId: string) {
  const requester = await loadCustomer(uow, customerId);
  const account = await ownAccount(uow, customerId, accountId);
  if (account.closed || requester.erased) {
    throw new DomainError(INVALID_RECIPIENT, RECIPIENT_NOT_FOUND, 'recipient_email');
  }
  const found: FoundCustomer = {
    customerId,
    name: requester.name,
    depositAccountId: account.accountId,
    depositAccountName: account.name,
  };
  return { found, contact: { kind: 'email' as const, value: normalizeEmail(requester.email) } };
}

/** POST /zelle/requests/{id}/pay: the customer asked pays the request from one of their accounts. */
export function payZelleRequest(
  ctx: CommandContext,
  input: { customerId: string; requestId: string; accountId: string; requireStepUp: StepUpCheck },
  identity: RequestIdentity,
  metadata: EventMetadata,
) {
  return runMoneyCommand(ctx, identity, metadata, async (uow, now) => {
    const stream = zelleStreams.request(input.requestId);
    const request = await uow.load(stream, requestAggregate);
    // Decided first: someone else's request is a 404, a closed one a 409, before any money moves.
    decideRequest(
      { type: 'Pay', payerCustomerId: input.customerId, paymentId: input.requestId, now },
      request.state,
    );
    const r = request.state.request!;
    const { found, contact } = await requesterAsRecipient(
      uow,
      r.requesterCustomerId,
      r.requesterAccountId,
    );
    const staged = await stagePayment(
      ctx,
      uow,
      {
        customerId: input.customerId,
        accountId: input.accountId,
        amountCents: r.amount,
        recipientName: r.requesterName,
        contact,
        contactField: 'recipient_email',
        memo: r.memo,
      },
      now,
      {
        checkDuplicate: false,
        requireStepUp: input.requireStepUp,
        known: found,
        requestId: r.requestId,
      },
    );
    uow.append(
      stream,
      decideRequest(
        {
          type: 'Pay',
          payerCustomerId: input.customerId,
          paymentId: staged.payment.paymentId,
          now,
        },
        request.state,
      ),
    );
    return {
      statusCode: 200,
      body: { ...staged.body, message: `Request from ${r.requesterName} paid` },
    };
  });
}

/** POST /zelle/requests/{id}/decline. */
export function declineZelleRequest(
  ctx: CommandContext,
  input: { customerId: string; requestId: string },
  identity: RequestIdentity,
  metadata: EventMetadata,
) {
  return runMoneyCommand(ctx, identity, metadata, async (uow, now) => {
    const stream = zelleStreams.request(input.requestId);
    const request = await uow.load(stream, requestAggregate);
    uow.append(
      stream,
      decideRequest({ type: 'Decline', payerCustomerId: input.customerId, now }, request.state),
    );
    return {
      statusCode: 200,
      body: ok(
        { request: { id: input.requestId, status: 'declined' } } satisfies z.input<
          typeof zelleRequestDeclined.shape.data
        >,
        'Request declined',
      ),
    };
  });
}

/**
 * At the end of the claim window a payment still pending goes back to the sender: enrolling its
 * email or phone is not enough, only a claim with a one-time code (zelle-claims.ts) takes it.
 */
export async function expireZellePayment(ctx: CommandContext, paymentId: string) {
  const outcome = await runSystemCommand(
    ctx,
    { actor: 'system:zelle-expiry', causationId: paymentId },
    async (uow, now) => {
      const paymentStream = zelleStreams.payment(paymentId);
      const { state } = await uow.load(paymentStream, paymentAggregate);
      const p = state.payment;
      if (!p || state.status !== 'pending') return 'nothing to do';
      const reason = 'Not claimed within 14 days';
      const fromStream = streams.account(p.fromAccountId);
      const from = await uow.load(fromStream, accountAggregate);
      uow.append(
        fromStream,
        decideAccount(
          { type: 'ReleaseHold', holdId: p.holdId!, reason, outcome: 'returned' },
          from.state,
        ),
      );
      uow.append(paymentStream, [
        ZellePaymentReturned.create({
          paymentId,
          senderCustomerId: p.senderCustomerId,
          recipientName: p.recipientName,
          amount: p.amount,
          reason,
          returnedAt: now.toISOString(),
        }),
      ]);
      const activity = moneyStreams.activity(p.senderCustomerId);
      await uow.load(activity, activityAggregate);
      uow.append(activity, [
        MoneyMovementCancelled.create({
          customerId: p.senderCustomerId,
          movementId: paymentId,
          reason,
        }),
      ]);
      return 'returned';
    },
  );
  return outcome.result;
}
