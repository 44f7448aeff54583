import { Camera, Trash2, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/feedback';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/error-mapping';
import { initials } from '@/lib/format';
import { toast } from '@/lib/toast-store';
import { useRemoveProfilePhoto, useSaveProfilePhoto } from '../api/profile-photo';
import { useProfilePhoto } from '@/lib/profile-photo';
import type { User } from '@/lib/session-storage';
import {
  PHOTO_TYPE_ERROR,
  PHOTO_TYPES,
  photoError,
  photoForSaving,
  readAsDataUrl,
} from '../lib/photo';

/** Choose → preview → Save Photo or Cancel; Remove Photo clears the stored image. */
export function PhotoSection({ user }: { user: User }) {
  const { updateUser } = useAuth();
  const save = useSaveProfilePhoto();
  const remove = useRemoveProfilePhoto();
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const stored = useProfilePhoto(user.profileImage);
  const shown = preview ?? stored ?? null;

  const choose = async (file: File | undefined) => {
    setError(null);
    if (!file) return;
    const problem = photoError(file);
    if (problem) {
      setError(problem);
      if (input.current) input.current.value = '';
      return;
    }
    try {
      setPreview(await photoForSaving(await readAsDataUrl(file), file.type));
    } catch {
      // A file named and typed as an image that is none.
      setError(PHOTO_TYPE_ERROR);
      if (input.current) input.current.value = '';
    }
  };

  // Save Photo, Cancel and Remove Photo take themselves away: the focus goes back to the control
  // that chooses a photo, unless the customer has moved on meanwhile.
  const refocus = () => {
    const active = document.activeElement;
    if (!active || active === document.body || input.current?.parentElement?.contains(active)) {
      input.current?.focus();
    }
  };

  const cancel = () => {
    setPreview(null);
    setError(null);
    if (input.current) input.current.value = '';
    refocus();
  };

  const submit = () =>
    preview &&
    save.mutate(preview, {
      onSuccess: ({ data, message }) => {
        updateUser(data.user);
        toast.success(message || 'Profile image updated successfully!');
        cancel();
      },
      onError: (e) => toast.error(errorMessage(e, 'Failed to update profile image')),
    });

  const drop = () =>
    remove.mutate(undefined, {
      onSuccess: ({ data, message }) => {
        updateUser(data.user);
        toast.success(message || 'Profile image removed successfully!');
        refocus();
      },
      onError: (e) => toast.error(errorMessage(e, 'Failed to remove profile image')),
    });

  return (
    <section className="photo-section" aria-labelledby="photo-title">
      <h2 className="section-title" id="photo-title">
        Profile Photo
      </h2>
      <div className="photo-section__body">
        <div className="avatar-xl">
          {shown ? (
            <img
              src={shown}
              alt={preview ? 'Preview of your new profile photo' : 'Your profile photo'}
            />
          ) : (
            <span aria-hidden="true">{initials(user.name ?? '')}</span>
          )}
        </div>
        <div className="stack">
          <p className="muted">Recommended size 400x400 pixels. JPEG, PNG or GIF, up to 5 MB.</p>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            className="sr-only"
            // While a preview waits for Save Photo or Cancel, its label is gone: the hidden input
            // would be a focus stop with no name and nothing on screen.
            tabIndex={preview ? -1 : undefined}
            onChange={(e) => void choose(e.target.files?.[0])}
          />
          <div className="photo-section__actions">
            {preview ? (
              <>
                <Button
                  icon={<Upload size={16} aria-hidden="true" />}
                  onClick={submit}
                  loading={save.isPending}
                >
                  {save.isPending ? 'Saving...' : 'Save Photo'}
                </Button>
                <Button variant="secondary" onClick={cancel} disabled={save.isPending}>
                  Cancel
                </Button>
              </>
            ) : (
              <>
                <label
                  htmlFor={inputId}
                  className="btn btn--secondary btn--md photo-section__choose"
                >
                  <Camera size={16} aria-hidden="true" />{' '}
                  {user.profileImage ? 'Change Photo' : 'Upload Photo'}
                </label>
                {user.profileImage ? (
                  <Button
                    variant="ghost"
                    icon={<Trash2 size={16} aria-hidden="true" />}
                    onClick={drop}
                    disabled={remove.isPending}
                  >
                    {remove.isPending ? 'Removing...' : 'Remove Photo'}
                  </Button>
                ) : null}
              </>
            )}
          </div>
          {error ? <Alert tone="danger">{error}</Alert> : null}
        </div>
      </div>
    </section>
  );
}
