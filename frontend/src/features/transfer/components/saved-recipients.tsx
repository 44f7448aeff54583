import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { ShowAllList } from '@/components/ui/show-all';
import { Alert, Skeleton } from '@/components/ui/feedback';
import { SelectField, TextField } from '@/components/ui/field';
import { ApiError, firstFieldErrors, isStepUpCancelled } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-mapping';
import { focusAfterRowRemoved } from '@/lib/focus-when-gone';
import { formatDate, formatMoney, maskAccountNumber } from '@/lib/format';
import { toast } from '@/lib/toast-store';
import type { UseFormReturn } from 'react-hook-form';
import type { TransferForm } from '../api/create-transfer';
import {
  useDeleteRecipient,
  useRenameRecipient,
  useSavedRecipients,
  useSaveRecipient,
  type SavedRecipient,
} from '../api/saved-recipients';
import { TRANSFER_TYPE_INFO } from '../lib/transfer-types';

/** The server's message about the nickname, if its refusal was about that field. */
function nicknameError(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return firstFieldErrors(error.errors).find((f) => f.field === 'nickname')?.message;
}

/**
 * The address book: saved external and SEPA recipients, with Rename and Delete. Each dialog shows
 * only its own request's refusal, so an answer that arrives late cannot appear in the other one.
 */
export function SavedRecipients() {
  const list = useSavedRecipients();
  const rename = useRenameRecipient();
  const remove = useDeleteRecipient();
  const [renaming, setRenaming] = useState<{ recipient: SavedRecipient; nickname: string } | null>(
    null,
  );
  const [deleting, setDeleting] = useState<SavedRecipient | null>(null);
  const nicknameInput = useRef<HTMLInputElement>(null);
  const deleteOpener = useRef<HTMLButtonElement | null>(null);
  // Once the refusal is under the nickname (and named by it), the focus goes there to fix it.
  useEffect(() => {
    if (nicknameError(rename.error)) nicknameInput.current?.focus();
  }, [rename.error]);

  const confirmDelete = () => {
    if (!deleting) return;
    // The recipient's row goes with its Delete button: the focus moves on to the row beside it,
    // else (the last one) to the address book, rather than the top of the page.
    const refocus = focusAfterRowRemoved(deleteOpener.current, 'section');
    remove.mutate(deleting.id, {
      onSuccess: () => {
        refocus();
        toast.show({ type: 'success', message: 'Recipient deleted' });
        setDeleting(null);
      },
    });
  };

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
        <ShowAllList items={list.data} className="recent-transfers">
          {(r) => (
            <li key={r.id} className="recent-transfer saved-recipient">
              <div className="recent-transfer__main">
                <span className="recent-transfer__desc">{r.nickname}</span>
                <span className="muted recent-transfer__meta">
                  {r.recipient_name} · {r.bank_name} {maskAccountNumber(r.account)} ·{' '}
                  {TRANSFER_TYPE_INFO[r.type].title}
                </span>
                {r.new_account_limit ? (
                  <span className="muted recent-transfer__meta">
                    New account: up to {formatMoney(r.new_account_limit.per_transfer)} per transfer
                    until {formatDate(r.new_account_limit.until, true)}
                  </span>
                ) : null}
              </div>
              <span className="scheduled-transfer__actions">
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Rename ${r.nickname}`}
                  onClick={() => {
                    rename.reset();
                    setRenaming({ recipient: r, nickname: r.nickname });
                  }}
                >
                  Rename
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Delete ${r.nickname}`}
                  onClick={(event) => {
                    deleteOpener.current = event.currentTarget;
                    remove.reset();
                    setDeleting(r);
                  }}
                >
                  Delete
                </Button>
              </span>
            </li>
          )}
        </ShowAllList>
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
                },
              );
            }}
          >
            <TextField
              ref={nicknameInput}
              label="Nickname"
              maxLength={50}
              value={renaming.nickname}
              error={nicknameError(rename.error)}
              onChange={(e) => setRenaming({ ...renaming, nickname: e.target.value })}
            />
            {rename.isError && !nicknameError(rename.error) ? (
              <Alert tone="danger">
                {errorMessage(rename.error, 'The recipient could not be renamed.')}
              </Alert>
            ) : null}
            <div className="dialog__actions">
              <Button
                variant="secondary"
                onClick={() => setRenaming(null)}
                disabled={rename.isPending}
              >
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
            ? `${deleting.nickname} (${maskAccountNumber(deleting.account)}) is removed from your saved recipients. Transfers already made are not affected.`
            : undefined
        }
      >
        {remove.isError ? (
          <Alert tone="danger">
            {errorMessage(remove.error, 'The recipient could not be deleted.')}
          </Alert>
        ) : null}
        <div className="dialog__actions">
          <Button variant="secondary" onClick={() => setDeleting(null)} disabled={remove.isPending}>
            Keep it
          </Button>
          <Button variant="danger" disabled={remove.isPending} onClick={confirmDelete}>
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
  // The Save button goes with the form: the focus moves to the line that takes its place, rather
  // than drop to the top of the page.
  const savedLine = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (saved) savedLine.current?.focus();
  }, [saved]);
  if (saved)
    return (
      <p className="muted" ref={savedLine} tabIndex={-1}>
        Saved to your recipients as {nickname}.
      </p>
    );
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
        hint="Save this recipient for next time. For 3 days after you first save or pay an account, each transfer to it is limited to $1,000.00."
      />
      {/* Closing "Confirm it's you" is the customer's choice, not a failure. */}
      {save.isError && !isStepUpCancelled(save.error) ? (
        <Alert tone="danger">{errorMessage(save.error, 'The recipient could not be saved.')}</Alert>
      ) : null}
      <Button type="submit" variant="secondary" loading={save.isPending}>
        Save recipient
      </Button>
    </form>
  );
}

/** The recipient fields a saved recipient fills: its account shown masked, as the bank lists it. */
export function savedRecipientValues(
  type: SavedRecipient['type'],
  r: SavedRecipient | undefined,
): Partial<TransferForm> {
  const name = { recipientName: r?.recipient_name ?? '' };
  return type === 'sepa'
    ? {
        ...name,
        recipientBankName: r?.bank_name ?? '',
        recipientIban: r?.account ?? '',
        recipientCountry: r?.country ?? '',
        recipientSwiftCode: r?.swift_code ?? '',
      }
    : {
        ...name,
        externalBankName: r?.bank_name ?? '',
        externalAccountNumber: r?.account ?? '',
        externalRoutingNumber: r?.routing_number ?? '',
      };
}

/**
 * "Saved recipient" in the transfer form: choosing one fills the recipient fields; the bank sends
 * to the account it keeps sealed (the browser only has it masked). "New recipient" empties them.
 */
export function SavedRecipientPicker({
  type,
  form,
}: {
  type: SavedRecipient['type'];
  form: UseFormReturn<TransferForm>;
}) {
  const list = useSavedRecipients();
  const mine = (list.data ?? []).filter((r) => r.type === type);
  if (mine.length === 0) return null;
  const field = form.register('savedRecipientId');
  return (
    <SelectField
      label="Saved recipient"
      optional
      hint="Choose one to fill in the recipient, or enter a new one"
      error={form.formState.errors.savedRecipientId?.message}
      {...field}
      onChange={async (event) => {
        await field.onChange(event);
        const chosen = mine.find((r) => r.id === event.target.value);
        for (const [name, value] of Object.entries(savedRecipientValues(type, chosen))) {
          form.setValue(name as keyof TransferForm, value, { shouldValidate: false });
        }
        form.clearErrors();
      }}
    >
      <option value="">New recipient</option>
      {mine.map((r) => (
        <option key={r.id} value={r.id}>
          {r.nickname} ({maskAccountNumber(r.account)})
        </option>
      ))}
    </SelectField>
  );
}
