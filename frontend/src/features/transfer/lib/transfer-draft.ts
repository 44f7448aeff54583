import { DRAFT_PREFIX } from '@/lib/session-storage';
import { tabStore } from '@/lib/browser-storage';
import { transferFormSchemaBase, type TransferForm } from '../api/create-transfer';
import { TRANSFER_TYPES, type TransferType } from './transfer-types';

/**
 * What the wizard keeps in this tab, so that a reload (or a phone that reloads the tab) shows the
 * same transfer: its type, the fields typed, and the idempotency key of the attempt Review
 * judged (null while the form has not been reviewed as it stands). The key is kept so that a
 * Confirm sent before a reload and pressed again after it is still the one transfer.
 *
 * Only the form's own fields are kept (amounts, accounts, memo, the recipient), and never a full
 * account number typed for another bank (the account number or IBAN): any script of the site can
 * read this store, and it outlives the page. Of those only the last 4 characters are kept
 * (`retype`), for the form to ask for the number again after a reload. A saved recipient's
 * account is the bank's masked text, which is kept as it is.
 */
export type TransferDraft = {
  type: TransferType;
  values: TransferForm;
  /**
   * With `retype` empty, the key of the values kept. Otherwise the key of the values Review
   * judged before the numbers were dropped: reused only by reviewKeyFor.
   */
  reviewKey: string | null;
  /** The last 4 of each account number typed but not kept. */
  retype: Retype;
};

/** The fields that hold the full number of an account at another bank. */
export const UNKEPT_FIELDS = ['externalAccountNumber', 'recipientIban'] as const;
export type UnkeptField = (typeof UNKEPT_FIELDS)[number];
export type Retype = Partial<Record<UnkeptField, string>>;

const KEY = `${DRAFT_PREFIX}transfer`;

const compact = (text: string) => text.replace(/[\s-]/g, '').toUpperCase();
const lastFour = (text: string) => compact(text).slice(-4);

/**
 * The values with every typed account number blanked, and the last 4 of each: of a number typed
 * now, else the one `earlier` still asks for (a draft restored and not yet retyped).
 */
function withoutNumbers(values: TransferForm, earlier: Retype = {}) {
  const kept = { ...values };
  const retype: Retype = {};
  if (values.savedRecipientId !== '') return { values: kept, retype };
  for (const field of UNKEPT_FIELDS) {
    const typed = compact(values[field]);
    const last = typed === '' ? earlier[field] : lastFour(typed);
    if (last) retype[field] = last;
    kept[field] = '';
  }
  return { values: kept, retype };
}

/**
 * Keeps the draft without its typed account numbers. `draft.retype` is what the draft being
 * edited still asks for: a number not typed again yet stays asked for across another reload.
 */
export function saveTransferDraft(draft: Omit<TransferDraft, 'retype'> & { retype?: Retype }) {
  const values = transferFormSchemaBase.safeParse(draft.values);
  if (!values.success) return;
  const kept = withoutNumbers(values.data, draft.retype);
  try {
    tabStore()?.setItem(KEY, JSON.stringify({ ...draft, ...kept }));
  } catch {
    // A full or refused store: the wizard goes on, only a reload then starts over.
  }
}

function retypeOf(kept: unknown): Retype {
  const retype: Retype = {};
  if (!kept || typeof kept !== 'object') return retype;
  for (const field of UNKEPT_FIELDS) {
    const last = (kept as Record<string, unknown>)[field];
    if (typeof last === 'string' && /^[0-9A-Z]{1,4}$/.test(last)) retype[field] = last;
  }
  return retype;
}

/** The draft kept for a wizard of this type, if there is one that reads as a transfer form. */
export function loadTransferDraft(type: TransferType): TransferDraft | null {
  let kept: unknown;
  try {
    kept = JSON.parse(tabStore()?.getItem(KEY) ?? 'null');
  } catch {
    return null;
  }
  if (!kept || typeof kept !== 'object') return null;
  const draft = kept as Partial<Record<keyof TransferDraft, unknown>>;
  if (draft.type !== type || !(TRANSFER_TYPES as readonly unknown[]).includes(draft.type)) {
    return null;
  }
  const values = transferFormSchemaBase.safeParse(draft.values);
  if (!values.success) return null;
  // A draft kept before numbers were dropped may still hold one: it is asked for again too.
  const { values: safe, retype } = withoutNumbers(values.data, retypeOf(draft.retype));
  return {
    type,
    values: safe,
    reviewKey: typeof draft.reviewKey === 'string' ? draft.reviewKey : null,
    retype,
  };
}

/** Whether the draft asks for an account number again (the form then shows the details). */
export const asksToRetype = (draft: TransferDraft | null): boolean =>
  draft !== null && Object.keys(draft.retype).length > 0;

/**
 * The key of the attempt reviewed before a reload, for a form reviewed again after the numbers
 * were typed again: the same transfer (every kept field as it was, each number ending as the one
 * typed before) keeps its key, so a Confirm sent before the reload is not made twice. Anything
 * else is a new attempt (null). A different number with the same last 4 reuses the key and the
 * bank refuses it as a key reused for another request, never as a second transfer.
 */
export function reviewKeyFor(
  draft: TransferDraft | null,
  type: TransferType,
  values: TransferForm,
): string | null {
  if (!draft?.reviewKey || draft.type !== type || !asksToRetype(draft)) return null;
  // A number not typed again yet still counts as the one asked for: the key stays kept.
  const now = withoutNumbers(values, draft.retype);
  const same =
    JSON.stringify(now.values) === JSON.stringify(draft.values) &&
    UNKEPT_FIELDS.every((field) => now.retype[field] === draft.retype[field]);
  return same ? draft.reviewKey : null;
}

export function forgetTransferDraft() {
  tabStore()?.removeItem(KEY);
}
