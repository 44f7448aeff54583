import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useAuth } from '@/lib/auth';
import { toast } from '@/lib/toast-store';
import {
  formatCountdown,
  sessionPhase,
  shouldKeepAlive,
  warningWindow,
} from '../lib/session-timer';

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/** Warns before an idle session ends and offers "Stay signed in" (WCAG 2.2.1). */
export function IdleSessionWarning() {
  const { sessionTtlMs, refreshSession, signOut } = useAuth();
  const [now, setNow] = useState(() => Date.now());
  const [lastActivity, setLastActivity] = useState(() => Date.now());
  const lastRefresh = useRef(Date.now());
  const [busy, setBusy] = useState(false);

  const deadline = sessionTtlMs ? lastActivity + sessionTtlMs : null;
  const { phase, secondsLeft } = sessionPhase(
    now,
    deadline,
    sessionTtlMs ? warningWindow(sessionTtlMs) : undefined,
  );
  const warning = phase === 'warning';

  // User activity (not background polling) resets the idle clock, except while the warning is up.
  useEffect(() => {
    if (!sessionTtlMs || warning) return;
    let last = 0;
    const onActivity = () => {
      const t = Date.now();
      if (t - last < 1000) return;
      last = t;
      setLastActivity(t);
    };
    ACTIVITY_EVENTS.forEach((e) => window.addEventListener(e, onActivity, { passive: true }));
    return () => ACTIVITY_EVENTS.forEach((e) => window.removeEventListener(e, onActivity));
  }, [sessionTtlMs, warning]);

  useEffect(() => {
    if (!sessionTtlMs) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [sessionTtlMs]);

  // Keep the server session alive for an active user.
  useEffect(() => {
    if (!sessionTtlMs || warning) return;
    if (shouldKeepAlive(now, lastActivity, lastRefresh.current, sessionTtlMs)) {
      lastRefresh.current = now;
      refreshSession().catch(() => undefined);
    }
  }, [now, lastActivity, sessionTtlMs, warning, refreshSession]);

  useEffect(() => {
    if (phase !== 'expired') return;
    void signOut('idle');
  }, [phase, signOut]);

  const stay = async () => {
    setBusy(true);
    try {
      await refreshSession();
      const t = Date.now();
      lastRefresh.current = t;
      setLastActivity(t);
      setNow(t);
    } catch {
      toast.error('We could not extend your session. Please sign in again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={warning}
      onOpenChange={(open) => {
        if (!open) void stay();
      }}
      role="alertdialog"
      hideClose
      title="Your session is about to expire"
      description={
        <>
          For your security, you will be signed out in{' '}
          <strong className="tabular">{formatCountdown(secondsLeft)}</strong> because of inactivity.
          Would you like to stay signed in?
        </>
      }
    >
      <div className="dialog__actions">
        <Button variant="secondary" onClick={() => void signOut()}>
          Sign out now
        </Button>
        <Button onClick={() => void stay()} loading={busy} autoFocus>
          Stay signed in
        </Button>
      </div>
    </Dialog>
  );
}
