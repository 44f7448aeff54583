import { Copy, Download } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/feedback';
import { saveFile } from '@/lib/download';
import { toast } from '@/lib/toast-store';
import { RECOVERY_CODES_FILE_NAME, recoveryCodesText } from './recovery-codes-file';

/** The recovery codes, shown this once, with ways to keep them: copy, download, or write down. */
export function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved(): void }) {
  const [issuedAt] = useState(() => new Date());
  const text = recoveryCodesText(codes, issuedAt);
  const shown = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);

  // The codes replace the button that asked for them: bring them into view from their start and
  // move focus there, so a screen reader reads them next. The toast that comes with them sits at
  // the foot of a phone's screen, over the last codes: once the toaster has padded the page for
  // it (the next frame), the end of the list is brought up clear of it.
  useEffect(() => {
    shown.current?.scrollIntoView?.({ block: 'start' });
    shown.current?.focus({ preventScroll: true });
    const frame = requestAnimationFrame(() =>
      list.current?.lastElementChild?.scrollIntoView?.({ block: 'nearest' }),
    );
    return () => cancelAnimationFrame(frame);
  }, []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success('Recovery codes copied to clipboard');
    } catch {
      toast.error('Your browser did not allow copying. Download the codes or write them down.');
    }
  };

  return (
    <div className="stack two-factor__saved" ref={shown} tabIndex={-1}>
      <Alert tone="warning" title="Save your recovery codes">
        <p>
          Each code signs you in once if you lose your phone. They are shown only now: write them
          down or keep them in a password manager.
        </p>
      </Alert>
      <ul className="two-factor__codes" aria-label="Recovery codes" ref={list}>
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <div className="two-factor__code-actions">
        <Button
          variant="secondary"
          icon={<Copy size={16} aria-hidden="true" />}
          onClick={() => void copy()}
        >
          Copy codes
        </Button>
        <Button
          variant="secondary"
          icon={<Download size={16} aria-hidden="true" />}
          onClick={() =>
            saveFile(
              new Blob([text], { type: 'text/plain;charset=utf-8' }),
              RECOVERY_CODES_FILE_NAME,
            )
          }
        >
          Download (.txt)
        </Button>
        <Button onClick={onSaved}>I have saved my recovery codes</Button>
      </div>
    </div>
  );
}
