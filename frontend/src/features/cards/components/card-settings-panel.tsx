import { Card as Panel, CardHeader } from '@/components/ui/card';
import { Badge } from '@/components/ui/feedback';
import { errorMessage } from '@/lib/error-mapping';
import { toast } from '@/lib/toast-store';
import { useUpdateCardSettings } from '../api/card-actions';
import { isPendingApplication, isUsable, type Card } from '../api/get-cards';
import { statusText, statusTone } from './card-visual';
import { LimitsForm } from './limits-form';

const TOGGLES = [
  {
    key: 'transaction_alerts',
    label: 'Transaction Alerts',
    hint: 'Get notified of every purchase',
  },
  {
    key: 'international_transactions',
    label: 'International Transactions',
    hint: 'Allow transactions outside the US',
  },
  {
    key: 'contactless_enabled',
    label: 'Contactless Payments',
    hint: 'Tap to pay at supported terminals',
  },
] as const;

function Switch({
  id,
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onChange(next: boolean): void;
}) {
  return (
    <div className="card-setting">
      <div>
        <label htmlFor={id} className="card-setting__label">
          {label}
        </label>
        <p className="muted card-setting__hint" id={`${id}-hint`}>
          {hint}
        </p>
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="switch"
        checked={checked}
        // Refused while a change is saved, but focusable: a disabled switch drops the focus.
        aria-disabled={disabled || undefined}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          if (!disabled) onChange(e.target.checked);
        }}
      />
    </div>
  );
}

function CardSettingsCard({ card }: { card: Card }) {
  const update = useUpdateCardSettings();
  return (
    <Panel aria-labelledby={`settings-${card.id}`}>
      <CardHeader
        id={`settings-${card.id}`}
        title={`${card.card_name} ${card.masked_number ? `(${card.masked_number.slice(-4)})` : ''}`}
        level={3}
        action={<Badge tone={statusTone(card.status)}>{statusText(card.status)}</Badge>}
      />
      {card.status === 'locked' ? (
        <p className="muted card-setting__note">
          This card is locked: it cannot be used until you unlock it under My Cards. Its settings
          and limits can still be changed, and apply once it is unlocked.
        </p>
      ) : null}
      {TOGGLES.map((t) => (
        <Switch
          key={t.key}
          id={`${card.id}-${t.key}`}
          label={t.label}
          hint={t.hint}
          checked={card.settings[t.key]}
          disabled={update.isPending}
          onChange={(next) =>
            update.mutate(
              { id: card.id, [t.key]: next },
              {
                onSuccess: ({ message }) =>
                  toast.success(message || 'Card settings updated successfully'),
                onError: (e) => toast.error(errorMessage(e, 'Action failed')),
              },
            )
          }
        />
      ))}
      <LimitsForm card={card} submitLabel="Update Limits" />
    </Panel>
  );
}

/**
 * Card Settings tab: per card the customer can manage (active or locked, as My Cards offers Set
 * Limits for both and the bank accepts both), the three toggles and the two daily limits.
 */
export function CardSettingsPanel({ cards }: { cards: Card[] }) {
  const manageable = cards.filter((c) => isUsable(c) && !isPendingApplication(c));
  if (!manageable.length)
    return <p className="empty-state">No active cards to configure. Apply for a card first.</p>;
  return (
    <div className="stack">
      {manageable.map((card) => (
        <CardSettingsCard key={card.id} card={card} />
      ))}
    </div>
  );
}
