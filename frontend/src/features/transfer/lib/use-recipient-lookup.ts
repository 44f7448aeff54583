import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast-store';
import { isLookupContact } from '../api/create-transfer';
import { validateRecipient, type RecipientLookup } from '../api/validate-recipient';

export const LOOKUP_DEBOUNCE_MS = 800;
export const LOOKUP_MIN_CHARS = 3;
export const FOUND_NOTICE_MS = 3000;

const worthLookingUp = (contact: string) =>
  contact.length >= LOOKUP_MIN_CHARS && isLookupContact(contact);

/**
 * Same-bank recipient lookup: 800 ms after the last keystroke, once the email or phone
 * has at least 3 characters and reads as an email or a phone number (the form says what is wrong
 * with any other entry). `lookupNow` runs it at once (used when Review is pressed early).
 */
export function useRecipientLookup(contact: string, enabled: boolean) {
  const [result, setResult] = useState<RecipientLookup | null>(null);
  const [checking, setChecking] = useState(false);
  const controller = useRef<AbortController | null>(null);

  const run = useCallback(async (value: string): Promise<RecipientLookup | null> => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setChecking(true);
    try {
      const found = await validateRecipient(value, current.signal);
      if (current.signal.aborted) return null;
      setResult(found);
      if (found.valid) {
        toast.show({
          type: 'success',
          title: 'Recipient found',
          message: found.recipientName ? `Sending to ${found.recipientName}` : 'Recipient verified',
          duration: FOUND_NOTICE_MS,
        });
      }
      return found;
    } catch {
      return null;
    } finally {
      if (controller.current === current) setChecking(false);
    }
  }, []);

  useEffect(() => {
    const value = contact.trim();
    if (!enabled || !worthLookingUp(value)) {
      controller.current?.abort();
      setChecking(false);
      setResult(null);
      return;
    }
    const timer = setTimeout(() => void run(value), LOOKUP_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [contact, enabled, run]);

  useEffect(() => () => controller.current?.abort(), []);

  const lookupNow = useCallback(
    async (value: string) => {
      const trimmed = value.trim();
      if (!worthLookingUp(trimmed)) return null;
      if (result && result.contact === trimmed) return result;
      return run(trimmed);
    },
    [result, run],
  );

  const reset = useCallback(() => {
    controller.current?.abort();
    setResult(null);
    setChecking(false);
  }, []);

  return { result, checking, lookupNow, reset };
}
