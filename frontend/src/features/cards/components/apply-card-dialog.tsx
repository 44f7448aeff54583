import { CARD_MESSAGES } from '@bank/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Alert } from '@/components/ui/feedback';
import { Checkbox } from '@/components/ui/field';
import { ApiError, isStepUpCancelled } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { errorMessage } from '@/lib/error-mapping';
import { formatMoney } from '@/lib/format';
import { toast } from '@/lib/toast-store';
import { useApplyForCard } from '../api/card-actions';
import type { Card, CardTerms } from '../api/get-cards';

const percent = (value: number) => `${value.toFixed(2)}%`;

export function feeText(fee: CardTerms['fees'][number]): string {
  if (fee.percent === null) return fee.amount === 0 ? 'None ($0.00)' : formatMoney(fee.amount);
  const share = `${fee.percent}% of the amount`;
  return fee.amount > 0 ? `${share}, at least ${formatMoney(fee.amount)}` : share;
}

function TermsList({ card, terms }: { card: Card; terms: CardTerms }) {
  const account = card.bank_account.account_name;
  return (
    <>
      <dl className="card-terms">
        <div>
          <dt>Purchase APR</dt>
          <dd>
            {terms.purchase_apr === null ? 'None: a debit card' : percent(terms.purchase_apr)}
          </dd>
        </div>
        <div>
          <dt>Cash advance APR</dt>
          <dd>
            {terms.cash_advance_apr === null
              ? 'None: a debit card'
              : percent(terms.cash_advance_apr)}
          </dd>
        </div>
        <div>
          <dt>Credit limit</dt>
          <dd>
            {terms.credit_limit === null
              ? `None: purchases are paid from ${account}`
              : formatMoney(terms.credit_limit)}
          </dd>
        </div>
      </dl>
      <h3 className="card-terms__heading">Fees</h3>
      <dl className="card-terms">
        {terms.fees.map((fee) => (
          <div key={fee.name}>
            <dt>{fee.name}</dt>
            <dd>{feeText(fee)}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/** The address on file as one line ("9 Wharf Lane, Apt 3, South Portland, ME 04106"); '' if unknown. */
export function mailingAddress(user: {
  address?: string | undefined;
  city?: string | undefined;
  state?: string | undefined;
  zip_code?: string | undefined;
}): string {
  const region = [user.state, user.zip_code].filter(Boolean).join(' ');
  return [user.address, user.city, region]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
}

/**
 * Where the card goes: the address on file (the application sends none of its own), with the way
 * to change it before applying, so a customer who moved does not have a card mailed to the old
 * address.
 */
function MailingAddress() {
  const address = mailingAddress(useUser());
  return (
    <p className="muted">
      We'll mail it to {address || 'the address on file'}.{' '}
      <Link to="/profile">Change your address in Profile</Link> before applying if it has changed.
    </p>
  );
}

/**
 * Applying for a card: the agreement's rates, credit limit and fees as the server states them,
 * and the customer's own consent, which the application carries (never assumed).
 */
export function ApplyCardDialog({
  card,
  onClose,
  onApplied,
  onFailed,
}: {
  card: Card | null;
  onClose(): void;
  /** The card is the customer's now: it has moved to Your Cards. */
  onApplied?(card: Card): void;
  /** A refusal other than missing consent: the page shows it in its banner. */
  onFailed(message: string): void;
}) {
  const apply = useApplyForCard();
  const [agreed, setAgreed] = useState(false);
  const [consentError, setConsentError] = useState<string>();
  // Unticked, the agreement is what stops the application: the focus goes to it, with its message.
  const consent = useRef<HTMLInputElement>(null);
  const refuse = (message: string) => {
    setConsentError(message);
    consent.current?.focus();
  };
  const terms = card?.application.terms ?? null;
  const close = () => {
    setAgreed(false);
    setConsentError(undefined);
    apply.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!card) return;
    if (!agreed) {
      refuse(CARD_MESSAGES.terms);
      return;
    }
    apply.mutate(
      { id: card.id, agreedToTerms: agreed },
      {
        onSuccess: ({ message }) => {
          toast.success(message || 'Card application submitted successfully!', 'Success');
          onApplied?.(card);
          close();
        },
        onError: (error) => {
          // Closing "Confirm it's you" (a card sent elsewhere than the address on file) is the
          // customer's choice: the dialog stays open, with nothing to report.
          if (isStepUpCancelled(error)) return;
          const consentRefusal =
            error instanceof ApiError ? error.errors?.agreed_to_terms?.[0] : undefined;
          if (consentRefusal) {
            refuse(consentRefusal);
            return;
          }
          const text = errorMessage(error, 'Failed to apply for card');
          toast.error(text, 'Error');
          close();
          onFailed(text);
        },
      },
    );
  };
  return (
    <Dialog
      open={card !== null}
      onOpenChange={(open) => !open && close()}
      title="Apply for Card"
      description={card ? `${card.card_name} · ${card.bank_account.account_name}` : undefined}
    >
      {card ? (
        <form className="form" noValidate onSubmit={submit}>
          {terms ? (
            <TermsList card={card} terms={terms} />
          ) : (
            <Alert tone="danger">
              The terms of this card could not be loaded. Please try again later.
            </Alert>
          )}
          <MailingAddress />
          <Checkbox
            ref={consent}
            label="I have read and agree to the card agreement above, including its rates and fees."
            checked={agreed}
            disabled={!terms}
            error={consentError}
            onChange={(e) => {
              setAgreed(e.target.checked);
              if (e.target.checked) setConsentError(undefined);
            }}
          />
          <div className="dialog__actions">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={!terms} loading={apply.isPending}>
              {apply.isPending ? 'Applying...' : 'Apply for Card'}
            </Button>
          </div>
        </form>
      ) : null}
    </Dialog>
  );
}
