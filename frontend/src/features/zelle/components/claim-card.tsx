import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Alert } from '@/components/ui/feedback';
import { SelectField, TextField } from '@/components/ui/field';
import { newIdempotencyKey } from '@/components/ui/server-errors';
import { errorMessage } from '@/lib/error-mapping';
import { focusWhenGone } from '@/lib/focus-when-gone';
import { formatMoney } from '@/lib/format';
import { toast } from '@/lib/toast-store';
import { useUnverifiedContacts } from '@/lib/unverified-contacts';
import {
  useClaimPayments,
  useRequestClaimCode,
  type ClaimKind,
  type ClaimResult,
} from '../api/claim-payments';

/**
 * Money sent to my email or phone before I proved it is mine: ask for a one-time code, then enter
 * it; the code also proves the contact when nothing waits. One Idempotency-Key per code, so a
 * double click claims once.
 */
export function ClaimCard() {
  const ask = useRequestClaimCode();
  const claim = useClaimPayments();
  const unverified = useUnverifiedContacts();
  const [kind, setKind] = useState<ClaimKind>('email');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ message: string; claimed: ClaimResult } | null>(null);
  const firstUnverified = unverified[0];
  const codeField = useRef<HTMLInputElement>(null);

  // Offer the contact still to prove, unless a code is already on its way.
  useEffect(() => {
    if (firstUnverified && !sentTo) setKind(firstUnverified);
  }, [firstUnverified, sentTo]);

  const sendCode = (event: MouseEvent<HTMLButtonElement>) => {
    const button = event.currentTarget;
    setError(null);
    setDone(null);
    ask.mutate(
      { kind },
      {
        onSuccess: ({ code, message }) => {
          setSentTo(code.sent_to);
          setKey(newIdempotencyKey());
          toast.success(message);
          // The button gives way to the code field: the focus goes there, not to the page's top.
          focusWhenGone(button, () => [codeField.current]);
        },
        onError: (e) => setError(errorMessage(e, 'Failed to send a code')),
      },
    );
  };

  // A form, so Enter in the code field claims as the button does.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (claim.isPending) return;
    setError(null);
    claim.mutate(
      { kind, code: code.trim(), idempotencyKey: key },
      {
        onSuccess: ({ message, claimed }) => {
          toast.success(message);
          setDone({ message, claimed });
          setSentTo(null);
          setCode('');
          // Claim goes with the code field: the focus goes to what was claimed.
          focusWhenGone(form, () => {
            const card = form.ownerDocument.getElementById('zelle-claim');
            return [card?.querySelector('[role="status"]') ?? null, card];
          });
        },
        onError: (e) => setError(errorMessage(e, 'Failed to claim the money')),
      },
    );
  };

  return (
    <Card aria-labelledby="zelle-claim-title" id="zelle-claim">
      <CardHeader title="Claim Money Sent to You" id="zelle-claim-title" />
      <p className="muted">
        Money sent to your email or phone before you proved it is yours waits for you. We send a
        one-time code to prove it; from then on, payments to it arrive at once.
      </p>
      {error ? <Alert tone="danger">{error}</Alert> : null}
      {done ? (
        <Alert tone="success" title={done.message}>
          {done.claimed.claimed.length > 0 ? (
            <ul className="zelle-claimed">
              {done.claimed.claimed.map((payment) => (
                <li key={payment.id}>
                  {formatMoney(payment.amount)} from {payment.sender_name} · Ref{' '}
                  {payment.reference_number}
                </li>
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}
      <div className="stack">
        <SelectField
          label="Sent to my"
          value={kind}
          onChange={(e) => setKind(e.target.value === 'phone' ? 'phone' : 'email')}
        >
          <option value="email">Email</option>
          <option value="phone">Phone</option>
        </SelectField>
        {sentTo ? (
          <form className="stack" noValidate onSubmit={submit}>
            <TextField
              label="6-digit code"
              hint={`Sent to ${sentTo}`}
              inputMode="numeric"
              maxLength={6}
              ref={codeField}
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
            <Button type="submit" block loading={claim.isPending}>
              Claim
            </Button>
          </form>
        ) : (
          <Button variant="secondary" block onClick={sendCode} loading={ask.isPending}>
            Send me a code
          </Button>
        )}
      </div>
    </Card>
  );
}
