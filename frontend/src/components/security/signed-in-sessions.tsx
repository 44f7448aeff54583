import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Alert, Badge, Spinner } from '@/components/ui/feedback';
import { errorMessage } from '@/lib/error-mapping';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast-store';
import {
  getSignedInSessions,
  signOutOtherSessions,
  signOutSession,
  signedInSessionsKey,
} from './sessions-calls';
import './security.css';

/**
 * Security settings: where the customer is signed in (the browser and system of each live
 * session, when it signed in and was last used), and a way to sign one other session out, or every
 * other one at once, as after a lost phone.
 */
export function SignedInSessions() {
  const queryClient = useQueryClient();
  const sessions = useQuery({
    queryKey: signedInSessionsKey,
    queryFn: ({ signal }) => getSignedInSessions(signal),
  });
  const signOut = useMutation({ mutationFn: signOutOtherSessions });
  const signOutOne = useMutation({ mutationFn: signOutSession });
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;
  const title = useRef<HTMLHeadingElement>(null);
  const signOutSessionWithId = (id: string) =>
    signOutOne.mutate(id, {
      onSuccess: (message) => {
        toast.success(message);
        // Its row (and the button pressed) goes: the focus waits on the card's title.
        title.current?.focus();
        void queryClient.invalidateQueries({ queryKey: signedInSessionsKey });
      },
      onError: (e) => toast.error(errorMessage(e, 'That session could not be signed out.')),
    });

  const body = () => {
    if (sessions.isPending) return <Spinner label="Loading your sessions" />;
    if (sessions.isError) {
      return <Alert tone="danger">Your sessions are unavailable. Please try again later.</Alert>;
    }
    return (
      <>
        <ul className="sessions__list">
          {sessions.data.map((session) => {
            const device = session.device ?? 'A browser we did not record';
            const signedIn = formatDate(session.signed_in_at, true);
            return (
              <li key={session.id} className="sessions__item">
                <span className="sessions__device">
                  {device.charAt(0).toUpperCase() + device.slice(1)}
                  {session.current && <Badge tone="success">This session</Badge>}
                </span>
                <span className="muted">Signed in {signedIn}</span>
                {!session.current && session.last_active_at && (
                  <span className="muted">
                    Last active {formatDate(session.last_active_at, true)}
                  </span>
                )}
                {!session.current && (
                  <div>
                    <Button
                      type="button"
                      variant="secondary"
                      size="sm"
                      aria-label={`Sign out ${device}, signed in ${signedIn}`}
                      loading={signOutOne.isPending && signOutOne.variables === session.id}
                      onClick={() => signOutSessionWithId(session.id)}
                    >
                      Sign out
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
        <p className="muted">
          {others === 0
            ? 'You are not signed in anywhere else.'
            : "Don't recognize one? Sign the others out, then change your password."}
        </p>
        <div>
          <Button
            type="button"
            variant="secondary"
            className="btn--wrap"
            disabled={others === 0}
            loading={signOut.isPending}
            onClick={() =>
              signOut.mutate(undefined, {
                onSuccess: (message) => {
                  toast.success(message);
                  void queryClient.invalidateQueries({ queryKey: signedInSessionsKey });
                },
                onError: (e) =>
                  toast.error(errorMessage(e, 'The other sessions could not be signed out.')),
              })
            }
          >
            Sign out of all other sessions
          </Button>
        </div>
      </>
    );
  };

  return (
    <section className="stack sessions" aria-labelledby="sessions-title">
      <h2 className="section-title" id="sessions-title" ref={title} tabIndex={-1}>
        Where You&apos;re Signed In
      </h2>
      {body()}
    </section>
  );
}
