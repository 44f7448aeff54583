import type { CancellableKind, CancelReply } from '@bank/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { newIdempotencyKey } from '@/components/ui/server-errors';
import { api } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-mapping';
import { focusWhenGone } from '@/lib/focus-when-gone';
import { toast } from '@/lib/toast-store';

const PATHS: Record<CancellableKind, (id: string) => string> = {
  transfer: (id) => `/transfers/${encodeURIComponent(id)}/cancel`,
  'zelle-payment': (id) => `/zelle/payments/${encodeURIComponent(id)}/cancel`,
  'zelle-request': (id) => `/zelle/requests/${encodeURIComponent(id)}/cancel`,
};

const LABELS: Record<CancellableKind, string> = {
  transfer: 'Cancel transfer',
  'zelle-payment': 'Cancel payment',
  'zelle-request': 'Cancel request',
};

export const cancelPending = (input: { kind: CancellableKind; id: string; key: string }) =>
  api.post<CancelReply['data']>(
    PATHS[input.kind](input.id),
    {},
    { headers: { 'Idempotency-Key': input.key } },
  );

/**
 * Takes back something still pending (a transfer before it settles, an unclaimed Zelle payment,
 * an unanswered request), after asking. The server decides; a refusal (already settled, claimed
 * or answered) is said in its own words, and every list refreshes either way.
 */
export function CancelPendingButton({
  kind,
  id,
  question,
  size,
}: {
  kind: CancellableKind;
  id: string;
  /** What cancelling does, in the dialog. */
  question: string;
  size?: 'sm';
}) {
  const queryClient = useQueryClient();
  const [key, setKey] = useState<string | null>(null);
  // The answer is told here rather than in mutate()'s callbacks: the refreshed list may drop this
  // button (the item is no longer pending) before they would run, and React Query skips a
  // mutate() callback once its component is gone.
  const mutation = useMutation({
    mutationFn: cancelPending,
    onSuccess: ({ message }) => toast.success(message),
    onError: (e) => toast.error(errorMessage(e, 'We could not cancel it. Please try again.')),
    onSettled: () => queryClient.invalidateQueries(),
  });
  const label = LABELS[kind];
  const opener = useRef<HTMLButtonElement>(null);
  const confirm = () => {
    if (!key) return;
    const button = opener.current;
    const place = button?.closest<HTMLElement>('li, .card, main') ?? null;
    // Once cancelled the item is no longer pending and this button goes: the focus moves to the
    // item (its row in a list, the receipt's card) rather than the top of the page. The promise,
    // unlike mutate()'s callbacks, is kept when the button has gone first.
    void mutation
      .mutateAsync({ kind, id, key })
      .then(
        () => {
          if (button) focusWhenGone(button, [place]);
        },
        () => undefined,
      )
      .finally(() => setKey(null));
  };
  return (
    <>
      <Button
        ref={opener}
        variant="secondary"
        size={size}
        onClick={() => setKey(newIdempotencyKey())}
      >
        {label}
      </Button>
      <Dialog
        open={key !== null}
        onOpenChange={(open) => {
          if (!open && !mutation.isPending) setKey(null);
        }}
        title={`${label}?`}
        description={question}
      >
        <div className="dialog__actions">
          <Button variant="secondary" onClick={() => setKey(null)} disabled={mutation.isPending}>
            Keep it
          </Button>
          <Button variant="danger" onClick={confirm} loading={mutation.isPending}>
            {mutation.isPending ? 'Cancelling...' : label}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
