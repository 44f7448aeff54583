import { useEffect, useRef, type ReactNode } from 'react';
import { Alert } from '@/components/ui/feedback';

/**
 * The bank's question when a payment (or an edit) would pay a payee what is already paid to them:
 * its words, and what to do. It takes the focus when it appears: the button pressed a moment
 * before now confirms the duplicate, so a second Enter on it must not answer a question the
 * customer has not yet seen.
 */
export function DuplicateQuestion({
  message,
  title = 'Already scheduled?',
  action,
  children,
}: {
  message: string;
  /** Its heading: the default asks about a payment booked for a later day. */
  title?: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const region = useRef<HTMLElement>(null);
  useEffect(() => {
    const question = region.current;
    if (!question) return;
    // Focusing shows only the question's top, and on a phone the answers (the dialog's buttons,
    // right after it) would stay below the fold: both are brought into view, the question first
    // when they do not fit together.
    question.focus({ preventScroll: true });
    question.nextElementSibling?.scrollIntoView?.({ block: 'nearest' });
    question.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <section ref={region} tabIndex={-1} aria-label={title}>
      <Alert tone="warning" title={title} action={action}>
        <p>{message}</p>
        {children}
      </Alert>
    </section>
  );
}
