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
 * Only the form's own fields are kept (amounts, accounts, memo, the recipient): nothing secret
 * is part of it, and the one-time codes of "Confirm it's you" never pass through the form.
 */
export type TransferDraft = {
  type: TransferType;
  values: TransferForm;
  reviewKey: string | null;
};

const KEY = `${DRAFT_PREFIX}transfer`;

export function saveTransferDraft(draft: TransferDraft) {
  const values = transferFormSchemaBase.safeParse(draft.values);
  if (!values.success) return;
  try {
    tabStore()?.setItem(KEY, JSON.stringify({ ...draft, values: values.data }));
  } catch {
    // A full or refused store: the wizard goes on, only a reload then starts over.
  }
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
  return {
    type,
    values: values.data,
    reviewKey: typeof draft.reviewKey === 'string' ? draft.reviewKey : null,
  };
}

export function forgetTransferDraft() {
  tabStore()?.removeItem(KEY);
}
