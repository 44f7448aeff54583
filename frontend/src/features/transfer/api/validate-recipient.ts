import { api, ApiError } from '@/lib/api-client';

export type RecipientLookup = {
  /** The email or phone that was looked up. */
  contact: string;
  valid: boolean;
  message: string;
  recipientName?: string;
  recipientId?: string;
};

export const RECIPIENT_NOT_FOUND = 'Recipient not found';

type Answer = {
  valid?: boolean;
  message?: string;
  recipientName?: string;
  recipientId?: string | number;
  recipient_name?: string;
  recipient_id?: string | number;
};

/** POST /transfers/validate-recipient: who an email or phone belongs to at this bank. */
export async function validateRecipient(
  contact: string,
  signal?: AbortSignal,
): Promise<RecipientLookup> {
  try {
    const { data, message } = await api.post<Answer>(
      '/transfers/validate-recipient',
      { recipient: contact },
      { signal },
    );
    const id = data?.recipientId ?? data?.recipient_id;
    const name = data?.recipientName ?? data?.recipient_name;
    if (data?.valid === false || id === undefined || id === null) {
      return { contact, valid: false, message: data?.message || RECIPIENT_NOT_FOUND };
    }
    return {
      contact,
      valid: true,
      message: data?.message ?? message,
      recipientName: name,
      recipientId: String(id),
    };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    if (error instanceof ApiError && error.isNetworkError) throw error;
    return { contact, valid: false, message: RECIPIENT_NOT_FOUND };
  }
}
