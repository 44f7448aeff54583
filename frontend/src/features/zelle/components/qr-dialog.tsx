import { Copy, Download } from 'lucide-react';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Alert, Spinner } from '@/components/ui/feedback';
import { toast } from '@/lib/toast-store';

export const QR_FILE_NAME = 'zelle-qr-code.png';

/** What the code encodes: the user's stored Zelle QR data, else a link to pay them. */
export function qrPayload(
  user: { email?: string | null; zelle_qr_data?: string | null },
  origin: string,
) {
  if (user.zelle_qr_data) return user.zelle_qr_data;
  return `${origin}/zelle?pay=${encodeURIComponent(user.email ?? '')}`;
}

const QR_OPTIONS = { width: 256, margin: 2, errorCorrectionLevel: 'M' } as const;

/**
 * The code as a PNG, drawn straight to a canvas. (Turning the data URL back into a blob with
 * fetch() is refused by the site's content security policy, which allows no data: fetches.)
 */
export async function qrPngBlob(text: string): Promise<Blob> {
  const canvas = document.createElement('canvas');
  await QRCode.toCanvas(canvas, text, QR_OPTIONS);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('QR code could not be drawn'))),
      'image/png',
    );
  });
}

export function QrDialog({
  open,
  onOpenChange,
  text,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  text: string;
}) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    QRCode.toDataURL(text, QR_OPTIONS).then(
      (url) => {
        if (!cancelled) {
          setDataUrl(url);
          setFailed(false);
        }
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [open, text]);

  const copy = async () => {
    try {
      if (typeof ClipboardItem === 'undefined' || !navigator.clipboard?.write)
        throw new Error('unsupported');
      // The blob is handed over as a promise so the write keeps the click's user activation.
      await navigator.clipboard.write([new ClipboardItem({ 'image/png': qrPngBlob(text) })]);
      toast.success('QR code copied to clipboard');
    } catch {
      toast.error('Failed to copy QR code');
    }
  };

  const download = () => {
    if (!dataUrl) return;
    const a = document.createElement('a');
    a.href = dataUrl;
    a.download = QR_FILE_NAME;
    document.body.appendChild(a);
    a.click();
    a.remove();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="My Zelle QR Code"
      description="Others can scan this code to send you money."
    >
      <div className="zelle-qr">
        {failed ? (
          <Alert tone="danger">Failed to generate QR code</Alert>
        ) : dataUrl ? (
          <img
            src={dataUrl}
            width={256}
            height={256}
            alt="Your Zelle QR code"
            className="zelle-qr__img"
          />
        ) : (
          <Spinner label="Generating QR code" />
        )}
      </div>
      <Alert tone="warning" title="Share only with people you trust">
        Anyone with this code can request or send money to you. Only share it with people you know.
      </Alert>
      <div className="dialog__actions">
        <Button
          variant="secondary"
          icon={<Copy size={16} aria-hidden="true" />}
          onClick={copy}
          disabled={!dataUrl}
        >
          Copy QR Code
        </Button>
        <Button
          icon={<Download size={16} aria-hidden="true" />}
          onClick={download}
          disabled={!dataUrl}
        >
          Download
        </Button>
      </div>
    </Dialog>
  );
}
