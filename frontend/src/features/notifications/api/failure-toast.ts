import { isStepUpCancelled } from '@/lib/api-client';
import { toast } from '@/lib/toast-store';

/**
 * The error toast of a notification action, unless the customer declined to confirm it is them
 * (a security notice read or deleted): that is their choice, not a failure.
 */
export const failureToast = (message: string) => (error: unknown) => {
  if (!isStepUpCancelled(error)) toast.error(message);
};
