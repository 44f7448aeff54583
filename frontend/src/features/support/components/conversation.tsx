import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/feedback';
import type { Reply, Ticket } from '../api/get-tickets';
import { getEarlierReplies } from '../api/get-earlier-replies';

/**
 * The replies already shown before the ticket's latest ones, once its latest have moved on: those
 * that slid out of the latest stay, so the conversation read back has no gap.
 */
function keptEarlier(earlier: Reply[], wereLatest: Reply[], latest: Reply[]): Reply[] {
  if (earlier.length === 0) return earlier;
  const inLatest = new Set(latest.map((r) => r.id));
  return [...earlier, ...wereLatest].filter((r) => !inLatest.has(r.id));
}

/**
 * A ticket's conversation, oldest reply first: the latest replies come with the ticket, and Show
 * earlier replies reads further back a page at a time while earlier ones remain.
 */
export function Conversation({ ticket }: { ticket: Ticket }) {
  const [earlier, setEarlier] = useState<Reply[]>([]);
  const [latest, setLatest] = useState(ticket.replies);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [reachedStart, setReachedStart] = useState(false);
  const firstReply = useRef<HTMLLIElement>(null);

  // A reply or a refetch moves the ticket's latest replies on.
  if (latest !== ticket.replies) {
    setEarlier(keptEarlier(earlier, latest, ticket.replies));
    setLatest(ticket.replies);
  }
  const shown = [...earlier, ...ticket.replies];
  const remaining = ticket.reply_count - shown.length;

  // The button is gone once the first reply is shown: the focus goes to that reply.
  useEffect(() => {
    if (reachedStart) firstReply.current?.focus();
  }, [reachedStart]);

  const showEarlier = async () => {
    const before = shown[0];
    if (!before || loading) return;
    setLoading(true);
    setFailed(false);
    try {
      const page = await getEarlierReplies(ticket.id, before.id);
      setEarlier((kept) => [...page.replies, ...kept]);
      if (!page.has_earlier) setReachedStart(true);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };

  if (shown.length === 0)
    return <p className="muted">No replies yet. Our support team will respond soon.</p>;
  return (
    <>
      {remaining > 0 ? (
        <div className="conversation__earlier">
          {failed ? (
            <p className="muted" role="alert">
              We could not load the earlier replies. Please try again.
            </p>
          ) : null}
          <Button variant="secondary" loading={loading} onClick={() => void showEarlier()}>
            Show earlier replies ({remaining})
          </Button>
        </div>
      ) : null}
      <ol className="conversation">
        {shown.map((r, i) => (
          <li
            key={r.id}
            ref={i === 0 ? firstReply : undefined}
            tabIndex={i === 0 && reachedStart ? -1 : undefined}
            className={`reply${r.is_staff_reply ? ' reply--staff' : ''}`}
          >
            <div className="reply__head">
              <strong>{r.is_staff_reply ? 'Support Team' : r.user.name || 'You'}</strong>
              {r.is_staff_reply ? <Badge tone="info">Staff</Badge> : null}
              <span className="muted reply__time">{r.time_since_created}</span>
            </div>
            <p className="reply__message">{r.message}</p>
          </li>
        ))}
      </ol>
    </>
  );
}
