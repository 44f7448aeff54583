import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useAuth } from '@/lib/auth';
import { toast } from '@/lib/toast-store';
import { formatCountdown, sessionPhase } from '../lib/session-timer';

/** Warns two minutes before the session ends and offers "Stay signed in" (WCAG 2.2.1). */
export function IdleSessionWarning() {
  const { expiresAt, refreshSession, signOut } = useAuth();
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (expiresAt === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);

  const { phase, secondsLeft } = sessionPhase(now, expiresAt);

  useEffect(() => {
    if (phase === 'expired') {
      toast.info('Your session has ended for your security. Please sign in again.', 'Signed out');
      void signOut();
    }
  }, [phase, signOut]);

  const stay = async () => {
    setBusy(true);
    try {
      await refreshSession();
      setNow(Date.now());
      toast.success('You are still signed in.');
    } catch {
      toast.error('We could not extend your session. Please sign in again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={phase === 'warning'}
      onOpenChange={(open) => {
        if (!open) void stay();
      }}
      role="alertdialog"
      hideClose
      title="Your session is about to expire"
      description={
        <>
          For your security, you will be signed out in{' '}
          <strong className="tabular">{formatCountdown(secondsLeft)}</strong>. Would you like to
          stay signed in?
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
