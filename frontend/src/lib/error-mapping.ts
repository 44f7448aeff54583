import { ERROR_CODE_MESSAGES } from '@bank/contracts/error-codes';
import { ApiError, isStepUpCancelled } from './api-client';
import type { ToastType } from './toast-queue';
import { toast } from './toast-store';

// The shared error catalogue: HTTP status and server code → toast.

export type MappedError = {
  type: Extract<ToastType, 'error' | 'warning'>;
  title: string;
  message: string;
  duration: number;
};

export const ERROR_TOAST_DURATION = 8000;
export const WARNING_TOAST_DURATION = 6000;

const STATUS_TEXT: Record<number, { title: string; message: string }> = {
  400: {
    title: 'Invalid Request',
    message: 'The request could not be processed. Please check the details and try again.',
  },
  401: { title: 'Authentication Required', message: 'Please log in to continue.' },
  403: { title: 'Access Denied', message: 'You do not have permission to perform this action.' },
  404: { title: 'Not Found', message: 'The requested resource was not found.' },
  409: {
    title: 'Conflict',
    message: 'This request conflicts with a recent change. Please refresh and try again.',
  },
  422: {
    title: 'Validation Error',
    message: 'Please check the information you entered and try again.',
  },
  429: {
    title: 'Rate Limit Exceeded',
    message: 'Too many requests. Please wait a moment and try again.',
  },
  500: { title: 'Server Error', message: 'A server error occurred. Please try again later.' },
  503: {
    title: 'Service Unavailable',
    message: 'The service is temporarily unavailable. Please try again later.',
  },
};

const CODE_TEXT: Record<string, { title: string; message: string; type: 'error' | 'warning' }> = {
  INSUFFICIENT_FUNDS: {
    type: 'error',
    title: 'Insufficient Funds',
    message: ERROR_CODE_MESSAGES.INSUFFICIENT_FUNDS,
  },
  ACCOUNT_LOCKED: {
    type: 'error',
    title: 'Account Locked',
    message: ERROR_CODE_MESSAGES.ACCOUNT_LOCKED,
  },
  DAILY_LIMIT_EXCEEDED: {
    type: 'error',
    title: 'Daily Limit Exceeded',
    message: ERROR_CODE_MESSAGES.DAILY_LIMIT_EXCEEDED,
  },
  INVALID_RECIPIENT: {
    type: 'error',
    title: 'Invalid Recipient',
    message: ERROR_CODE_MESSAGES.INVALID_RECIPIENT,
  },
  DUPLICATE_TRANSACTION: {
    type: 'warning',
    title: 'Duplicate Transaction',
    message: ERROR_CODE_MESSAGES.DUPLICATE_TRANSACTION,
  },
};

export const CONNECTION_ERROR = {
  title: 'Connection Error',
  message: 'Unable to connect to the server. Please check your internet connection and try again.',
};

function fieldErrorText(errors: ApiError['errors']): string | null {
  if (!errors) return null;
  const messages = Object.values(errors)
    .flatMap((list) => list ?? [])
    .filter(Boolean);
  return messages.length ? messages.join(', ') : null;
}

export function mapError(error: unknown): MappedError {
  if (!(error instanceof ApiError)) {
    const offline = error instanceof TypeError;
    return {
      type: 'error',
      title: offline ? CONNECTION_ERROR.title : 'Error',
      message: offline ? CONNECTION_ERROR.message : 'Something went wrong. Please try again.',
      duration: ERROR_TOAST_DURATION,
    };
  }
  if (error.isNetworkError)
    return { type: 'error', ...CONNECTION_ERROR, duration: ERROR_TOAST_DURATION };

  const byCode = error.code ? CODE_TEXT[error.code] : undefined;
  if (byCode) {
    return {
      type: byCode.type,
      title: byCode.title,
      message: byCode.message,
      duration: byCode.type === 'warning' ? WARNING_TOAST_DURATION : ERROR_TOAST_DURATION,
    };
  }

  const byStatus = STATUS_TEXT[error.status] ?? {
    title: 'Error',
    message: 'Something went wrong. Please try again.',
  };
  const message =
    fieldErrorText(error.errors) ?? (error.serverMessage ? error.message : byStatus.message);
  return { type: 'error', title: byStatus.title, message, duration: ERROR_TOAST_DURATION };
}

/** The message to show inline on a form: the server's words, else the given fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return CONNECTION_ERROR.message;
    if (error.serverMessage) return error.message;
  }
  return fallback;
}

/** Shows the mapped error as a toast (errors 8 s, warnings 6 s); a cancelled step-up shows none. */
export function toastError(error: unknown): MappedError {
  const mapped = mapError(error);
  // Closing "Confirm it's you" without confirming is the customer's choice: nothing to report.
  if (!isStepUpCancelled(error)) toast.show(mapped);
  return mapped;
}
