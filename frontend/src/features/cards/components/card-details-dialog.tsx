import { Dialog } from '@/components/ui/dialog';
import { Alert, Spinner } from '@/components/ui/feedback';
import { BANK } from '@/components/ui/brand';
import { useCard } from '../api/get-card';
import type { Card } from '../api/get-cards';
import { CardFace } from './card-visual';

/** Card Details: the full number and CVV (dots if not supplied), and the back of the card. */
export function CardDetailsDialog({ card, onClose }: { card: Card | null; onClose(): void }) {
  const details = useCard(card?.id ?? null);
  const full = details.data?.full_details;
  return (
    <Dialog open={card !== null} onOpenChange={(open) => !open && onClose()} title="Card Details">
      {card ? (
        <div className="card-details">
          {details.isPending ? <Spinner label="Loading card details" /> : null}
          {details.isError ? <Alert tone="danger">Failed to load card details</Alert> : null}
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
      ) : null}
    </Dialog>
  );
}
