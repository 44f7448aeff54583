import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { LoadFailed, Spinner } from '@/components/ui/feedback';
import { BANK } from '@/components/ui/brand';
import { ApiError } from '@/lib/api-client';
import { useCard } from '../api/get-card';
import type { Card } from '../api/get-cards';
import { CardFace } from './card-visual';

/** The customer closed "Confirm it's you" without confirming: a choice, not a failure. */
const notConfirmed = (error: unknown) =>
  error instanceof ApiError && error.code === 'STEP_UP_REQUIRED';

/** Gives the focus to the title of the dialog `inside` sits in. */
function focusTitle(inside: HTMLElement | null) {
  inside
    ?.closest('[role="dialog"]')
    ?.querySelector<HTMLElement>('.dialog__title')
    ?.focus({ preventScroll: true });
}

/** Card Details: the full number and CVV (dots if not supplied), and the back of the card. */
export function CardDetailsDialog({ card, onClose }: { card: Card | null; onClose(): void }) {
  return (
    <Dialog open={card !== null} onOpenChange={(open) => !open && onClose()} title="Card Details">
      {card ? <CardDetailsBody card={card} /> : null}
    </Dialog>
  );
}

/**
 * Mounted only once the dialog is on the screen, so the reveal (and the "Confirm it's you" it may
 * ask for) starts after the dialog has taken the focus: the confirmation then opens above it and
 * gives the focus back to it, not to the page beneath.
 */
function CardDetailsBody({ card }: { card: Card }) {
  const details = useCard(card.id);
  const full = details.data?.full_details;
  const box = useRef<HTMLDivElement>(null);
  const askAgain = () => {
    // The button goes while the details load: the focus waits on the dialog's title instead.
    focusTitle(box.current);
    void details.refetch();
  };
  const revealed = details.isSuccess;
  useEffect(() => {
    // Shown after a confirmation: the focus stays in the dialog, wherever the confirmation left it.
    if (revealed && !box.current?.closest('[role="dialog"]')?.contains(document.activeElement))
      focusTitle(box.current);
  }, [revealed]);
  return (
    <div className="card-details" ref={box}>
      {details.isFetching ? (
        <Spinner label="Loading card details" />
      ) : details.isError && notConfirmed(details.error) ? (
        <div className="card-details__hidden" role="status">
          <p>The full card number and CVV stay hidden until you confirm it’s you.</p>
          <Button size="sm" variant="secondary" onClick={askAgain}>
            Show card details
          </Button>
        </div>
      ) : details.isError ? (
        <LoadFailed onRetry={askAgain}>Failed to load card details</LoadFailed>
      ) : null}
      <CardFace
        card={details.data ?? card}
        number={full?.formatted_card_number ?? card.masked_number ?? undefined}
        cvv={full?.cvv ?? '•••'}
      />
      <div className="card-back" aria-label="Back of card" role="group">
        <span className="card-back__stripe" aria-hidden="true" />
        <p>
          Customer service: <a href={BANK.phoneHref}>{BANK.phone}</a> (24 hours)
        </p>
        <p>
          This card is issued by {BANK.name}, Member FDIC. Use of this card is subject to the
          cardholder agreement. If found, please return to any {BANK.shortName} branch.
        </p>
        <p className="muted">Never share your PIN or CVV. We will never ask for them.</p>
      </div>
    </div>
  );
}
