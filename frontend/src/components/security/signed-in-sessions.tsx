import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Alert, Badge, Spinner } from '@/components/ui/feedback';
import { errorMessage } from '@/lib/error-mapping';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast-store';
import { getSignedInSessions, signOutOtherSessions, signedInSessionsKey } from './sessions-calls';
import './security.css';

/**
 * Security settings: where the customer is signed in (the browser and system of each live
 * session, when it signed in and was last used), and a way to sign every other one out, as after
 * a lost phone.
 */
export function SignedInSessions() {
  const queryClient = useQueryClient();
  const sessions = useQuery({
    queryKey: signedInSessionsKey,
    queryFn: ({ signal }) => getSignedInSessions(signal),
  });
  const signOut = useMutation({ mutationFn: signOutOtherSessions });
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  const body = () => {
    if (sessions.isPending) return <Spinner label="Loading your sessions" />;
    if (sessions.isError) {
      return <Alert tone="danger">Your sessions are unavailable. Please try again later.</Alert>;
    }
    return (
      <>
        <ul className="sessions__list">
          {sessions.data.map((session, i) => (
            <li key={`${session.signed_in_at}-${i}`} className="sessions__item">
              <span className="sessions__device">
                {session.device ?? 'A browser we did not record'}
                {session.current && <Badge tone="success">This session</Badge>}
              </span>
              <span className="muted">Signed in {formatDate(session.signed_in_at, true)}</span>
              {!session.current && session.last_active_at && (
                <span className="muted">
                  Last active {formatDate(session.last_active_at, true)}
                </span>
              )}
            </li>
          ))}
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
      <h2 className="section-title" id="sessions-title">
        Where You&apos;re Signed In
      </h2>
      {body()}
    </section>
  );
}
