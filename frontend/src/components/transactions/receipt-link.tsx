import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/feedback';

/** Where a movement's receipt lives: by its history line's id or by its reference number. */
export const receiptHref = (idOrReference: string) =>
  `/transactions/${encodeURIComponent(idOrReference)}`;

/** The text of a list row, opening the movement's receipt when it has one. */
export function ReceiptLink({
  id,
  children,
}: {
  id: string | null | undefined;
  children: ReactNode;
}) {
  if (!id) return <>{children}</>;
  return (
    <Link to={receiptHref(id)} className="receipt-link">
      {children}
    </Link>
  );
}

/**
 * After a payment, request or trade: what happened, its reference number and, once money moved,
 * the way to its receipt.
 */
export function ReferenceConfirmation({
  message,
  reference,
  withReceipt = true,
  detail,
}: {
  message: string;
  reference: string | null | undefined;
  withReceipt?: boolean;
  /** What was done, in one line ("$112.30 to Central Maine Power from Premium Checking."). */
  detail?: string;
}) {
  return (
    <Alert tone="success" title={message}>
      {detail ? <p>{detail}</p> : null}
      {reference ? (
        <p>
          Reference number <span className="mono">{reference}</span>
          {withReceipt ? (
            <>
              {' · '}
              <Link to={receiptHref(reference)}>View receipt</Link>
            </>
          ) : null}
        </p>
      ) : null}
    </Alert>
  );
}
