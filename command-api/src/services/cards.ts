import { randomInt, randomUUID } from 'node:crypto';
import {
  cardOfferKey,
  cardProducts,
  cardStream,
  defaultCardSettings,
  NotificationRaised,
  streams,
  type BankEvent,
  type CardOfferKind,
  type CardType,
} from '@bank/events';
import {
  ApiError,
  deterministicUuid,
  fieldError,
  customerTurn,
  hashSecret,
  notFound,
  verifySecret,
  type EventMetadata,
} from '@bank/infra';
import { readCard } from '@bank/projections';
import { accountAggregate } from '../domain/account/account.ts';
import { customerAggregate, isMailingAddress } from '../domain/customer/customer.ts';
import { cardNotice } from '../domain/cards/card-notifications.ts';
import { expiryDate, generateCardNumber, generateCvv } from '../domain/cards/card-number.ts';
import {
  cardAggregate,
  cardMessages,
  decideCard,
  refuseSetPin,
  type CardCommand,
  type CardState,
} from '../domain/cards/card.ts';
import { DomainError } from '../kernel/aggregate.ts';
import type { UnitOfWork } from '../kernel/unit-of-work.ts';
import type { CommandContext } from './context.ts';

/** Cards are valid for four years from the month they are issued. */
export const CARD_VALIDITY_YEARS = 4;
export const NOT_ISSUED = 'This card has not been issued yet. Please apply for it first.';

/** A rule a command broke, as the client reads it: a 422 on the field (404 when not found). */
export function toApiError(error: unknown): unknown {
  if (!(error instanceof DomainError)) return error;
  if (error.reason === 'not_found') return notFound();
  if (error.field) return fieldError({ [error.field]: [error.message] });
  return new ApiError(422, error.message, 'VALIDATION_ERROR');
}

async function translated<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toApiError(error);
  }
}

/** Stages a notification of type card for each event the customer should hear about. */
function notify(uow: UnitOfWork, customerId: string, last4: string, events: BankEvent[]): void {
  const raised = events.flatMap((event) => {
    const notice = cardNotice(event, last4);
    return notice
      ? [
          NotificationRaised.create({
            customerId,
            notificationId: randomUUID(),
            type: 'card',
            ...notice,
          }),
        ]
      : [];
  });
  if (raised.length > 0) uow.appendAny(streams.notifications(customerId), raised);
}

interface VerifiedOffer {
  kind: CardOfferKind;
  cardType: CardType;
  accountId: string;
  replacesCardId: string | null;
}

/**
 * Checks an offer against the log, not just the read model that listed it: the id must be the
 * one derived from the customer's own checking account or reported card.
 */
async function verifyOffer(
  uow: UnitOfWork,
  customerId: string,
  offerId: string,
  listed: { offer_kind: CardOfferKind; account_id: string; replaces_card_id: string | null },
): Promise<VerifiedOffer | undefined> {
  if (listed.offer_kind === 'replacement') {
    const reportedId = listed.replaces_card_id;
    if (!reportedId || deterministicUuid(cardOfferKey.replacement(reportedId)) !== offerId) return;
    const reported = (await uow.load(cardStream(reportedId), cardAggregate)).state;
    if (!reported.issued || reported.customerId !== customerId) return;
    if (reported.status !== 'lost' && reported.status !== 'stolen') return;
    return {
      kind: 'replacement',
      cardType: reported.cardType,
      accountId: reported.accountId,
      replacesCardId: reportedId,
    };
  }
  const account = (await uow.load(streams.account(listed.account_id), accountAggregate)).state;
  if (!account.opened || account.customerId !== customerId || account.type !== 'checking') return;
  const expected =
    listed.offer_kind === 'debit'
      ? deterministicUuid(cardOfferKey.debit(listed.account_id))
      : deterministicUuid(cardOfferKey.credit(customerId));
  if (expected !== offerId) return;
  return {
    kind: listed.offer_kind,
    cardType: listed.offer_kind,
    accountId: listed.account_id,
    replacesCardId: null,
  };
}

export interface ApplyInput {
  deliveryAddress: string;
  expressDelivery: boolean;
}

/** The route's check that the session proved the customer recently (403 STEP_UP_REQUIRED). */
export type StepUpCheck = () => void;

/**
 * Applies for an offered card: it is issued at once, active, with a new number valid for its
 * network, an expiry date and a CVV. Number and CVV are sealed before they reach any event.
 * A card sent anywhere but the mailing address on file first passes `requireStepUp`: a stolen
 * session must not have a working card mailed to the thief.
 */
export async function applyForCard(
  ctx: CommandContext,
  customerId: string,
  offerId: string,
  input: ApplyInput,
  metadata: EventMetadata,
  requireStepUp: StepUpCheck,
) {
  const listed = await readCard(ctx.pool, customerId, offerId);
  return translated(() =>
    ctx.bus.execute(metadata, async (uow) => {
      const stream = cardStream(offerId);
      const card = await uow.load(stream, cardAggregate);
      if (card.state.issued) {
        if (card.state.customerId !== customerId) throw notFound();
        throw new ApiError(422, cardMessages.alreadyApplied, 'VALIDATION_ERROR');
      }
      if (!listed) throw notFound();
      const offer = await verifyOffer(uow, customerId, offerId, listed);
      if (!offer) throw notFound();
      const customer = (await uow.load(streams.customer(customerId), customerAggregate)).state;
      if (!isMailingAddress(customer.mailingAddress, input.deliveryAddress)) requireStepUp();
      const product = cardProducts[offer.cardType];
      const number = generateCardNumber(product.cardNetwork, randomInt);
      const events = decideCard(
        {
          type: 'Issue',
          data: {
            cardId: offerId,
            customerId,
            accountId: offer.accountId,
            offerKind: offer.kind,
            replacesCardId: offer.replacesCardId,
            cardName: product.cardName,
            cardType: product.cardType,
            cardNetwork: product.cardNetwork,
            last4: number.slice(-4),
            numberEncrypted: ctx.secrets.encrypt(number),
            cvvEncrypted: ctx.secrets.encrypt(generateCvv(randomInt)),
            expiryDate: expiryDate(new Date(), CARD_VALIDITY_YEARS),
            deliveryAddress: input.deliveryAddress,
            expressDelivery: input.expressDelivery,
            dailyAtmLimit: product.dailyAtmLimit,
            dailyPurchaseLimit: product.dailyPurchaseLimit,
            settings: defaultCardSettings,
          },
        },
        card.state,
      );
      uow.append(stream, events);
      notify(uow, customerId, number.slice(-4), events);
      return { cardId: offerId };
    }),
  );
}

/**
 * Runs a command on one of the customer's issued cards. Another customer's card is not found;
 * an offer not yet applied for says so.
 */
async function runCardCommand(
  ctx: CommandContext,
  customerId: string,
  cardId: string,
  command: (state: CardState) => Promise<CardCommand> | CardCommand,
  metadata: EventMetadata,
) {
  const outcome = await translated(() =>
    ctx.bus.execute(metadata, async (uow) => {
      const stream = cardStream(cardId);
      const card = await uow.load(stream, cardAggregate);
      if (!card.state.issued || card.state.customerId !== customerId) {
        return { issued: false, recorded: [] };
      }
      const events = decideCard(await command(card.state), card.state);
      if (events.length > 0) {
        uow.append(stream, events);
        notify(uow, customerId, card.state.last4, events);
      }
      return { issued: true, recorded: events.map((e) => e.type) };
    }),
  );
  if (!outcome.result.issued) {
    const offer = await readCard(ctx.pool, customerId, cardId);
    if (offer?.status === 'pending') throw new ApiError(422, NOT_ISSUED, 'VALIDATION_ERROR');
    throw notFound();
  }
  return outcome;
}

export function toggleCardLock(
  ctx: CommandContext,
  customerId: string,
  cardId: string,
  action: 'lock' | 'unlock',
  reason: string,
  metadata: EventMetadata,
) {
  return runCardCommand(
    ctx,
    customerId,
    cardId,
    () => ({ type: action === 'lock' ? 'Lock' : 'Unlock', reason }),
    metadata,
  );
}

export function reportCardLostOrStolen(
  ctx: CommandContext,
  customerId: string,
  cardId: string,
  kind: 'lost' | 'stolen',
  description: string,
  metadata: EventMetadata,
) {
  return runCardCommand(
    ctx,
    customerId,
    cardId,
    () => ({ type: 'ReportLostOrStolen', kind, description }),
    metadata,
  );
}

export function changeCardSettings(
  ctx: CommandContext,
  customerId: string,
  cardId: string,
  settings: Extract<CardCommand, { type: 'ChangeSettings' }>['settings'],
  metadata: EventMetadata,
) {
  return runCardCommand(
    ctx,
    customerId,
    cardId,
    () => ({ type: 'ChangeSettings', settings }),
    metadata,
  );
}

export function changeCardLimits(
  ctx: CommandContext,
  customerId: string,
  cardId: string,
  limits: { dailyAtmLimit?: number | undefined; dailyPurchaseLimit?: number | undefined },
  metadata: EventMetadata,
) {
  return runCardCommand(
    ctx,
    customerId,
    cardId,
    () => ({
      type: 'ChangeLimits',
      ...(limits.dailyAtmLimit !== undefined ? { dailyAtmLimit: limits.dailyAtmLimit } : {}),
      ...(limits.dailyPurchaseLimit !== undefined
        ? { dailyPurchaseLimit: limits.dailyPurchaseLimit }
        : {}),
    }),
    metadata,
  );
}

/**
 * Sets the PIN (argon2id hash only). A card without a PIN takes its first one without a current
 * PIN, so only a stepped-up session (`requireStepUp`) may choose it: otherwise a stolen session
 * could give a freshly mailed card a PIN of its own. After that the current PIN is required.
 */
export async function changeCardPin(
  ctx: CommandContext,
  customerId: string,
  cardId: string,
  pins: { currentPin: string | undefined; newPin: string },
  metadata: EventMetadata,
  requireStepUp: StepUpCheck,
) {
  const turn = customerTurn(customerId);
  // Hashing costs tens of milliseconds of a shared line: every refusal that needs none (no
  // step-up, a card that is not theirs or not usable, no current PIN, PIN changes blocked) is
  // answered first, and the new PIN is hashed only once the change can succeed. Both are kept
  // across the bus's second decision (after a conflict, or a refusal decided on cached state).
  let newPinHash: Promise<string> | undefined;
  let checked: { against: string; valid: Promise<boolean> } | undefined;
  const outcome = await runCardCommand(
    ctx,
    customerId,
    cardId,
    async (state) => {
      if (state.pinHash === null) requireStepUp();
      const now = new Date();
      const supplied = Boolean(pins.currentPin);
      refuseSetPin(state, supplied, now);
      if (state.pinHash !== null && supplied && checked?.against !== state.pinHash) {
        checked = {
          against: state.pinHash,
          valid: verifySecret(state.pinHash, pins.currentPin!, turn),
        };
      }
      const valid = state.pinHash !== null && supplied ? await checked!.valid : false;
      // The current PIN verified is the card's PIN: the new one is the same exactly when equal.
      const same = valid && pins.currentPin === pins.newPin;
      const changes = state.pinHash === null || (valid && !same);
      if (changes) newPinHash ??= hashSecret(pins.newPin, turn);
      return {
        type: 'SetPin',
        newPinHash: changes ? await newPinHash! : null,
        currentPin: { supplied, valid },
        newPinSameAsCurrent: same,
        now,
      };
    },
    metadata,
  );
  return outcome;
}

/**
 * The refusal of a wrong current PIN. changeCardPin records the attempt (the fifth in a row blocks
 * PIN changes and raises a notice) and leaves the refusal to its route, which marks the answer
 * with the position of what was recorded first, so the customer's next read shows it.
 */
export function wrongCurrentPinRefusal(
  outcome: Awaited<ReturnType<typeof changeCardPin>>,
): ApiError | undefined {
  return outcome.result.recorded.includes('CardPinAttemptFailed')
    ? fieldError({ current_pin: [cardMessages.currentPinWrong] })
    : undefined;
}

/** The full number and CVV of an active or locked card, decrypted for its owner only. */
export function revealCardDetails(
  ctx: CommandContext,
  sealed: { number_encrypted: string | null; cvv_encrypted: string | null },
): { number: string; cvv: string } | null {
  if (!sealed.number_encrypted || !sealed.cvv_encrypted) return null;
  return {
    number: ctx.secrets.decrypt(sealed.number_encrypted),
    cvv: ctx.secrets.decrypt(sealed.cvv_encrypted),
  };
}
