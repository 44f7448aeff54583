import {
  RECIPIENT_MESSAGES,
  recipientLookupReply,
  type RecipientLookupView,
} from '@bank/contracts';
import { api, ApiError } from '@/lib/api-client';

export type RecipientLookup = RecipientLookupView & {
  /** The email or phone that was looked up. */
  contact: string;
};

/** POST /transfers/validate-recipient: who an email or phone belongs to at this bank. */
export async function validateRecipient(
  contact: string,
  signal?: AbortSignal,
): Promise<RecipientLookup> {
  try {
    const { data } = await api.post<unknown>(
      '/transfers/validate-recipient',
      { recipient: contact },
      { signal },
    );
    return { ...recipientLookupReply.shape.data.parse(data), contact };
  } catch (error) {
    // A refused lookup (a contact the server will not look up) reads as no such customer.
    if (!(error instanceof ApiError) || error.isNetworkError) throw error;
    return {
      contact,
      valid: false,
      message: RECIPIENT_MESSAGES.notFound,
      recipientName: null,
      recipientId: null,
    };
  }
}
