import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { Alert, Skeleton } from '@/components/ui/feedback';
import { TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/error-mapping';
import { toast } from '@/lib/toast-store';
import type { TransferForm } from '../api/create-transfer';
import {
  useDeleteRecipient,
  useRenameRecipient,
  useSavedRecipients,
  useSaveRecipient,
  type SavedRecipient,
} from '../api/saved-recipients';
import { TRANSFER_TYPE_INFO } from '../lib/transfer-types';

/** The address book: saved external and SEPA recipients, with Rename and Delete. */
export function SavedRecipients() {
  const list = useSavedRecipients();
  const rename = useRenameRecipient();
  const remove = useDeleteRecipient();
  const [renaming, setRenaming] = useState<{ recipient: SavedRecipient; nickname: string } | null>(
    null,
  );
  const [deleting, setDeleting] = useState<SavedRecipient | null>(null);
  const [error, setError] = useState<string | null>(null);

  return (
    <Card aria-labelledby="saved-recipients-title">
      <CardHeader title="Saved Recipients" id="saved-recipients-title" />
      {list.isPending ? (
        <Skeleton height="3rem" />
      ) : list.isError ? (
        <Alert tone="danger">{errorMessage(list.error, 'Saved recipients are unavailable.')}</Alert>
      ) : list.data.length === 0 ? (
        <p className="empty-state">
          No saved recipients. After a transfer to another bank or a SEPA transfer, choose Save
          recipient.
        </p>
      ) : (
        <ul className="recent-transfers">
          {list.data.map((r) => (
            <li key={r.id} className="recent-transfer saved-recipient">
              <div className="recent-transfer__main">
                <span className="recent-transfer__desc">{r.nickname}</span>
                <span className="muted recent-transfer__meta">
                  {r.recipient_name} · {r.bank_name} {r.account} ·{' '}
                  {TRANSFER_TYPE_INFO[r.type].title}
                </span>
              </div>
              <span className="scheduled-transfer__actions">
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Rename ${r.nickname}`}
                  onClick={() => {
                    setError(null);
                    setRenaming({ recipient: r, nickname: r.nickname });
                  }}
                >
                  Rename
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Delete ${r.nickname}`}
                  onClick={() => {
                    setError(null);
                    setDeleting(r);
                  }}
                >
                  Delete
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}

      <Dialog
        open={renaming !== null}
        onOpenChange={(open) => {
          if (!open && !rename.isPending) setRenaming(null);
        }}
        title="Rename recipient"
      >
        {renaming ? (
          <form
            noValidate
            className="stack"
            onSubmit={(e) => {
              e.preventDefault();
              rename.mutate(
                { id: renaming.recipient.id, nickname: renaming.nickname.trim() },
                {
                  onSuccess: () => {
                    toast.show({ type: 'success', message: 'Recipient renamed' });
                    setRenaming(null);
                  },
                  onError: (e) => setError(errorMessage(e, 'The recipient could not be renamed.')),
                },
              );
            }}
          >
            <TextField
              label="Nickname"
              maxLength={50}
              value={renaming.nickname}
              onChange={(e) => setRenaming({ ...renaming, nickname: e.target.value })}
            />
            {error ? <Alert tone="danger">{error}</Alert> : null}
            <div className="dialog__actions">
              <Button variant="secondary" onClick={() => setRenaming(null)}>
                Close
              </Button>
              <Button type="submit" disabled={rename.isPending}>
                Save nickname
              </Button>
            </div>
          </form>
        ) : null}
      </Dialog>

      <Dialog
        open={deleting !== null}
        role="alertdialog"
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setDeleting(null);
        }}
        title="Delete saved recipient?"
        description={
          deleting
            ? `${deleting.nickname} (${deleting.account}) is removed from your saved recipients. Transfers already made are not affected.`
            : undefined
        }
      >
        {error ? <Alert tone="danger">{error}</Alert> : null}
        <div className="dialog__actions">
          <Button variant="secondary" onClick={() => setDeleting(null)}>
            Keep it
          </Button>
          <Button
            variant="danger"
            disabled={remove.isPending}
            onClick={() =>
              deleting &&
              remove.mutate(deleting.id, {
                onSuccess: () => {
                  toast.show({ type: 'success', message: 'Recipient deleted' });
                  setDeleting(null);
                },
                onError: (e) => setError(errorMessage(e, 'The recipient could not be deleted.')),
              })
            }
          >
            Delete recipient
          </Button>
        </div>
      </Dialog>
    </Card>
  );
}

/** After a transfer to another bank or a SEPA one: keep its recipient, under a nickname. */
export function SaveRecipientForm({
  type,
  values,
}: {
  type: SavedRecipient['type'];
  values: TransferForm;
}) {
  const save = useSaveRecipient();
  const [nickname, setNickname] = useState(values.recipientName.trim());
  const [saved, setSaved] = useState(false);
  if (saved) return <p className="muted">Saved to your recipients as {nickname}.</p>;
  return (
    <form
      noValidate
      className="save-recipient"
      aria-label="Save recipient"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          { type, values, nickname: nickname.trim() },
          {
            onSuccess: () => {
              setSaved(true);
              toast.show({ type: 'success', message: 'Recipient saved' });
            },
          },
        );
      }}
    >
      <TextField
        label="Nickname"
        maxLength={50}
        value={nickname}
        onChange={(e) => setNickname(e.target.value)}
        hint="Save this recipient for next time. A recipient saved less than 3 days ago can receive up to $1,000.00 per transfer."
      />
      {save.isError ? (
        <Alert tone="danger">{errorMessage(save.error, 'The recipient could not be saved.')}</Alert>
      ) : null}
      <Button type="submit" variant="secondary" disabled={save.isPending}>
        Save recipient
      </Button>
    </form>
  );
}
