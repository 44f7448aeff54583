import { Star } from 'lucide-react';
import { formatPhone, initials } from '@/lib/format';
import type { ZelleRecipient } from '../api/get-zelle-recipients';

export const RECENT_RECIPIENTS_SHOWN = 4;
export const FREQUENT_AFTER = 5;

/** The first 4 recent recipients; a star for more than 5 payments; a click prefills the send form. */
export function RecentRecipients({
  recipients,
  onPick,
}: {
  recipients: ZelleRecipient[];
  onPick(recipient: ZelleRecipient): void;
}) {
  const shown = recipients.slice(0, RECENT_RECIPIENTS_SHOWN);
  if (!shown.length) return <p className="muted">No recent recipients yet.</p>;
  return (
    <ul className="zelle-recipients">
      {shown.map((r) => {
        const frequent = r.transaction_count > FREQUENT_AFTER;
        return (
          <li key={`${r.name}-${r.email ?? r.phone}`}>
            <button type="button" className="zelle-recipient" onClick={() => onPick(r)}>
              <span className="zelle-recipient__avatar" aria-hidden="true">
                {r.avatar && r.avatar.length <= 3 ? r.avatar : initials(r.name)}
              </span>
              <span className="zelle-recipient__text">
                <span className="zelle-recipient__name">
                  {r.name}
                  {frequent ? (
                    <Star
                      size={14}
                      className="zelle-recipient__star"
                      aria-label="Frequent recipient"
                      role="img"
                    />
                  ) : null}
                </span>
                <span className="muted zelle-recipient__contact">
                  {r.email ?? formatPhone(r.phone)}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
