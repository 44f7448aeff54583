import {
  SEPA_COUNTRIES,
  SEPA_PURPOSES,
  TRANSFER_FIELD_MESSAGES,
  WIRE_FIELD_MESSAGES,
  WIRE_PURPOSES,
} from '@bank/contracts';
import {
  BANK_CODE_MESSAGES,
  ibanProblem,
  internationalWireAccount,
  normalizeIban,
  routingNumberProblem,
  sepaSwiftProblem,
} from '@bank/contracts/bank-codes';
import { fieldError } from '@bank/infra';
import { bankDate } from '../domain/transfers/bank-time.ts';
import { rateMicrosOf } from '../domain/transfers/fx.ts';
import { MIN_TRANSFER_CENTS } from '../domain/transfers/transfer.ts';
import type { CommandContext } from '../services/context.ts';
import { contactFromText } from '../services/money-lookups.ts';
import { SAVED_RECIPIENT_MESSAGE, savedRecipientFields } from '../services/saved-recipients.ts';
import type { TransferDestination } from '../services/transfers.ts';
import {
  amountCents,
  formAmount,
  formBody,
  formDigits,
  formMultilineText,
  formText,
  isCalendarDate,
  optionalText,
  pick,
  requiredText,
  textOf,
  type Body,
  type FormErrors,
} from './money-input.ts';

/** The form's shared messages, and the checks only the server can make. */
export const TRANSFER_FORM_MESSAGES = {
  ...TRANSFER_FIELD_MESSAGES,
  accountNumberFormat: 'Account number must be 4 to 17 digits',
  ...BANK_CODE_MESSAGES,
  swiftFormat: 'SWIFT/BIC must be 8 or 11 letters and digits',
  sepaCountry: 'SEPA transfers can only be sent to a SEPA country',
  purposeInvalid: 'Please select a valid purpose of payment',
  invalidType: 'Invalid transfer type',
  transferDate: 'The transfer date must be a valid date (YYYY-MM-DD).',
  transferDateToday: 'A transfer made now is dated today. To send it on a later date, schedule it.',
  quotedRate: 'The exchange rate must be the rate you were quoted, as a decimal such as 0.9237.',
} as const;

const DAY_MS = 24 * 3600 * 1000;

export interface Common {
  fromAccountId: string;
  amountCents: number;
  memo: string;
  transferDate: string | undefined;
}

/**
 * fromAccount, amount, memo, transferDate: what every transfer type has. A transfer made now is
 * dated today; a scheduled one may be dated later (its plan checks the date).
 */
export function readCommon(errors: FormErrors, body: Body, scheduling = false): Common {
  const fromAccountId = requiredText(
    errors,
    'fromAccount',
    body.fromAccount,
    TRANSFER_FORM_MESSAGES.fromAccount,
    100,
  );
  const cents = amountCents(errors, 'amount', body.amount, {
    minCents: MIN_TRANSFER_CENTS,
    minMessage: TRANSFER_FORM_MESSAGES.amount,
  });
  const memo = optionalText(errors, 'memo', body.memo);
  const date = textOf(body.transferDate);
  let transferDate: string | undefined;
  if (date !== '') {
    if (!isCalendarDate(date)) errors.add('transferDate', TRANSFER_FORM_MESSAGES.transferDate);
    else if (scheduling) transferDate = date;
    else {
      // "Today" in any US time zone: the bank's date, or one day either side of it.
      const now = Date.now();
      const allowed = [now - DAY_MS, now, now + DAY_MS].map((t) => bankDate(new Date(t)));
      if (!allowed.includes(date))
        errors.add('transferDate', TRANSFER_FORM_MESSAGES.transferDateToday);
      transferDate = date;
    }
  }
  return { fromAccountId, amountCents: cents, memo, transferDate };
}

function readBetween(errors: FormErrors, body: Body, common: Common): TransferDestination {
  const toAccountId = requiredText(
    errors,
    'toAccount',
    body.toAccount,
    TRANSFER_FORM_MESSAGES.toAccount,
    100,
  );
  if (toAccountId !== '' && toAccountId === common.fromAccountId) {
    errors.add('toAccount', TRANSFER_FORM_MESSAGES.sameAccount);
  }
  return { type: 'between-accounts', toAccountId };
}

function readSameBank(errors: FormErrors, body: Body): TransferDestination {
  const email = textOf(body.recipientEmail);
  const phone = textOf(body.recipientPhone);
  const contactField = email !== '' || phone === '' ? 'recipientEmail' : 'recipientPhone';
  if (email === '' && phone === '')
    errors.add('recipientEmail', TRANSFER_FORM_MESSAGES.recipientContact);
  const recipientId = textOf(body.recipientId);
  return {
    type: 'same-bank',
    contact: contactFromText(email !== '' ? email : phone),
    contactField,
    recipientId: recipientId === '' ? undefined : recipientId,
  };
}

const readRecipientName = (errors: FormErrors, body: Body) =>
  requiredText(errors, 'recipientName', body.recipientName, TRANSFER_FORM_MESSAGES.recipientName);

const readBankName = (errors: FormErrors, body: Body, alias: string) =>
  requiredText(errors, 'bankName', pick(body, 'bankName', alias), TRANSFER_FORM_MESSAGES.bankName);

/** A US account: its number (4 to 17 digits) and its bank's ABA routing number. */
function readUsAccount(errors: FormErrors, body: Body) {
  const accountNumber = requiredText(
    errors,
    'accountNumber',
    pick(body, 'accountNumber', 'externalAccountNumber'),
    TRANSFER_FORM_MESSAGES.accountNumber,
    34,
  ).replace(/[\s-]/g, '');
  if (accountNumber !== '' && !/^\d{4,17}$/.test(accountNumber)) {
    errors.add('accountNumber', TRANSFER_FORM_MESSAGES.accountNumberFormat);
  }
  const routingNumber = textOf(pick(body, 'routingNumber', 'externalRoutingNumber'));
  const routingProblem = routingNumberProblem(routingNumber);
  if (routingProblem) errors.add('routingNumber', routingProblem);
  return { accountNumber, routingNumber };
}

function readExternal(errors: FormErrors, body: Body): TransferDestination {
  const recipientName = readRecipientName(errors, body);
  const bankName = readBankName(errors, body, 'externalBankName');
  const account = readUsAccount(errors, body);
  const recipientAddress = optionalText(errors, 'recipientAddress', body.recipientAddress, 500);
  return {
    type: 'external-bank',
    recipientName,
    bankName,
    ...account,
    recipientAddress: recipientAddress || undefined,
  };
}

/** What every wire carries beside the account: the recipient's name and address, and a purpose. */
function readWireParty(errors: FormErrors, body: Body) {
  const recipientName = readRecipientName(errors, body);
  const recipientAddress = requiredText(
    errors,
    'recipientAddress',
    body.recipientAddress,
    WIRE_FIELD_MESSAGES.recipientAddress,
    500,
  );
  const purposeOfPayment = textOf(body.purposeOfPayment).toLowerCase();
  if (purposeOfPayment === '') errors.add('purposeOfPayment', TRANSFER_FORM_MESSAGES.purpose);
  else if (!Object.hasOwn(WIRE_PURPOSES, purposeOfPayment)) {
    errors.add('purposeOfPayment', WIRE_FIELD_MESSAGES.purposeInvalid);
  }
  return { recipientName, recipientAddress, purposeOfPayment };
}

function readDomesticWire(errors: FormErrors, body: Body): TransferDestination {
  const party = readWireParty(errors, body);
  const bankName = readBankName(errors, body, 'externalBankName');
  return { type: 'domestic-wire', ...party, bankName, ...readUsAccount(errors, body) };
}

/**
 * A bank abroad, named by its SWIFT/BIC (which gives its country), and an account there: an IBAN
 * (checked, and of the bank's country) or, where the country has none, an account number.
 */
function readInternationalWire(errors: FormErrors, body: Body): TransferDestination {
  const party = readWireParty(errors, body);
  const bankName = readBankName(errors, body, 'recipientBankName');
  const { swiftCode, country, accountNumber, problems } = internationalWireAccount(
    textOf(pick(body, 'swiftCode', 'recipientSwiftCode')),
    textOf(pick(body, 'accountNumber', 'iban')),
  );
  if (problems.swiftCode) errors.add('swiftCode', problems.swiftCode);
  if (problems.accountNumber) errors.add('accountNumber', problems.accountNumber);
  return { type: 'international-wire', ...party, bankName, accountNumber, swiftCode, country };
}

function readSepa(errors: FormErrors, body: Body): TransferDestination {
  const recipientName = readRecipientName(errors, body);
  const iban = normalizeIban(textOf(pick(body, 'iban', 'recipientIban')));
  const country = textOf(pick(body, 'country', 'recipientCountry')).toUpperCase();
  const problem = ibanProblem(iban, country);
  if (problem) errors.add('iban', problem);
  const swiftCode = textOf(pick(body, 'swiftCode', 'recipientSwiftCode')).toUpperCase();
  const swiftProblem =
    swiftCode.length > 11 ? TRANSFER_FORM_MESSAGES.swiftLength : sepaSwiftProblem(swiftCode, iban);
  if (swiftProblem) errors.add('swiftCode', swiftProblem);
  const bankName = requiredText(
    errors,
    'bankName',
    pick(body, 'bankName', 'recipientBankName'),
    TRANSFER_FORM_MESSAGES.bankName,
  );
  if (country === '') errors.add('country', TRANSFER_FORM_MESSAGES.country);
  else if (!SEPA_COUNTRIES[country]) errors.add('country', TRANSFER_FORM_MESSAGES.sepaCountry);
  const purpose = textOf(body.purposeOfPayment).toUpperCase();
  if (purpose === '') errors.add('purposeOfPayment', TRANSFER_FORM_MESSAGES.purpose);
  else if (!SEPA_PURPOSES[purpose])
    errors.add('purposeOfPayment', TRANSFER_FORM_MESSAGES.purposeInvalid);
  const quotedRate = textOf(body.quotedRate);
  // A rate written wrong is a mistake in the form, not a quote that went stale.
  if (quotedRate !== '' && !rateMicrosOf(quotedRate)) {
    errors.add('quotedRate', TRANSFER_FORM_MESSAGES.quotedRate);
  }
  return {
    type: 'sepa',
    recipientName,
    iban,
    swiftCode: swiftCode || undefined,
    bankName,
    country,
    purposeOfPayment: purpose,
    quotedRate: quotedRate === '' ? undefined : quotedRate,
  };
}

export const commonFields = {
  fromAccount: formText,
  amount: formAmount,
  memo: formMultilineText,
  transferDate: formText,
};
/** Another customer of the bank, by email or phone (or a recipient already looked up). */
export const sameBankFields = {
  recipientEmail: formText,
  recipientPhone: formText,
  recipientId: formText,
};
/** An account at another US bank, typed or named by a saved recipient. */
export const externalBankFields = {
  recipientName: formText,
  bankName: formText,
  accountNumber: formDigits,
  routingNumber: formDigits,
  recipientAddress: formText,
  savedRecipientId: formText,
};
export const transferBodies = {
  'between-accounts': formBody({ ...commonFields, toAccount: formText }),
  'same-bank': formBody({ ...commonFields, ...sameBankFields }),
  'external-bank': formBody({ ...commonFields, ...externalBankFields }),
  sepa: formBody({
    ...commonFields,
    recipientName: formText,
    iban: formText,
    swiftCode: formText,
    bankName: formText,
    country: formText,
    purposeOfPayment: formText,
    quotedRate: formText,
    savedRecipientId: formText,
  }),
  'domestic-wire': formBody({
    ...commonFields,
    ...externalBankFields,
    purposeOfPayment: formText,
  }),
  'international-wire': formBody({
    ...commonFields,
    recipientName: formText,
    bankName: formText,
    accountNumber: formText,
    swiftCode: formText,
    recipientAddress: formText,
    purposeOfPayment: formText,
    savedRecipientId: formText,
  }),
} as const;

/** The address book's kind of account each type sends to: a wire to a saved US account or IBAN. */
const SAVED_KIND_OF = {
  'external-bank': 'external-bank',
  sepa: 'sepa',
  'domestic-wire': 'external-bank',
  'international-wire': 'sepa',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A transfer to a saved recipient names it by savedRecipientId: its account fields come from the
 * customer's own sealed record and replace any typed alongside (the browser never has the full
 * number). An unknown id, another customer's or one of the other type is a field error.
 */
export async function withSavedRecipient(
  ctx: CommandContext,
  customerId: string,
  type: keyof typeof SAVED_KIND_OF,
  body: Body,
): Promise<Body> {
  const id = textOf(body.savedRecipientId);
  if (id === '') return body;
  const kind = SAVED_KIND_OF[type];
  const fields = UUID.test(id)
    ? await savedRecipientFields(ctx, customerId, id.toLowerCase(), kind)
    : undefined;
  if (!fields) {
    throw fieldError({ savedRecipientId: [SAVED_RECIPIENT_MESSAGE] });
  }
  if (type !== 'international-wire') return { ...body, ...fields };
  // The saved IBAN is the wire's account, whatever was typed beside it. A SWIFT/BIC is optional
  // in the address book (a SEPA transfer needs none): the wire takes the saved one, or else the
  // one typed beside the recipient, which must then name the IBAN's country.
  const { swiftCode, ...saved } = fields;
  return { ...body, ...saved, accountNumber: fields.iban, ...(swiftCode ? { swiftCode } : {}) };
}

export const transferReaders = {
  'between-accounts': readBetween,
  'same-bank': readSameBank,
  'external-bank': readExternal,
  sepa: readSepa,
  'domestic-wire': readDomesticWire,
  'international-wire': readInternationalWire,
} as const;
