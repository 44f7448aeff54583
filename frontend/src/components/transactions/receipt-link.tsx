import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Alert } from '@/components/ui/feedback';

/** Where a movement's receipt lives: by its history line's id or by its reference number. */
export const receiptHref = (idOrReference: string) =>
  `/transactions/${encodeURIComponent(idOrReference)}`;

/** Where a receipt opened from a list goes back to: the list's page, by its name. */
export interface ReceiptReturn {
  href: string;
  label: string;
}

/** The way back a receipt was given, when it is one of this app's pages. */
export function receiptReturnOf(state: unknown): ReceiptReturn | null {
  const back = (state as { receiptReturn?: Partial<ReceiptReturn> } | null)?.receiptReturn;
  if (typeof back?.href !== 'string' || typeof back.label !== 'string') return null;
  // Only a path of this app (not "//elsewhere"): the state survives a reload and Back.
  return /^\/(?!\/)/.test(back.href) ? { href: back.href, label: back.label } : null;
}

/**
 * The text of a list row, opening the movement's receipt when it has one; the receipt's back
 * link then returns to this page (`from`: its name, "Bill Pay").
 */
export function ReceiptLink({
  id,
  from,
  children,
}: {
  id: string | null | undefined;
  from: string;
  children: ReactNode;
}) {
  const here = useLocation();
  if (!id) return <>{children}</>;
  const receiptReturn: ReceiptReturn = { href: `${here.pathname}${here.search}`, label: from };
  return (
    <Link to={receiptHref(id)} state={{ receiptReturn }} className="receipt-link">
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
