import { Badge, type Tone } from '@/components/ui/feedback';
import type { Card } from '../api/get-cards';

export function statusTone(status: string): Tone {
  if (status === 'active') return 'success';
  if (status === 'locked') return 'danger';
  return 'warning';
}

export function statusText(status: string) {
  return status.replace(/_/g, ' ').toUpperCase();
}

const NETWORK_LABEL: Record<string, string> = {
  visa: 'VISA',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

export function networkLabel(network: string) {
  return NETWORK_LABEL[network] ?? network.toUpperCase();
}

/** A card drawn as a card: name, account, masked number, expiry and the status badge. */
export function CardFace({
  card,
  number,
  cvv,
  as: Tag = 'div',
}: {
  card: Card;
  number?: string;
  cvv?: string;
  as?: 'div' | 'span';
}) {
  return (
    // The spaces between the parts (grid and flex items, so they take no room) keep their words
    // apart where the face is read as text: the name of the button it sits in.
    <Tag className={`card-face card-face--${card.card_network} card-face--${card.status}`}>
      <span className="card-face__top">
        <span className="card-face__name">{card.card_name}</span>{' '}
        <Badge tone={statusTone(card.status)}>{statusText(card.status)}</Badge>
      </span>{' '}
      <span className="card-face__chip" aria-hidden="true" />
      <span className="card-face__number tabular">
        {number ?? card.masked_number ?? '•••• •••• •••• ••••'}
      </span>{' '}
      <span className="card-face__bottom">
        <span>
          <span className="card-face__label">Account</span>{' '}
          <span className="card-face__value">{card.bank_account.account_name}</span>
        </span>{' '}
        <span>
          <span className="card-face__label">Expires</span>{' '}
          <span className="card-face__value tabular">{card.expiry_date ?? '—'}</span>
        </span>{' '}
        {cvv !== undefined ? (
          <>
            <span>
              <span className="card-face__label">CVV</span>{' '}
              <span className="card-face__value tabular">{cvv}</span>
            </span>{' '}
          </>
        ) : null}
        <span className="card-face__network">{networkLabel(card.card_network)}</span>
      </span>
    </Tag>
  );
}
