import { toast } from './toast-store';

/** Copies a number the customer asked for, and says in a toast whether it worked. */
export async function copyWithToast(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(`${what} copied to clipboard.`);
  } catch {
    toast.error(`Could not copy the ${what.toLowerCase()}.`);
  }
}
