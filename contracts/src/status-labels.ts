// No zod here: the dashboard's first load shows statuses, and the PDF worker writes the same words.

/** A status as the customer reads it: "completed" is "Completed", "waiting_customer" "Waiting customer". */
export function statusLabel(status: string | null | undefined): string {
  const s = (status ?? '').replace(/_/g, ' ');
  return s ? s[0]!.toUpperCase() + s.slice(1) : 'Unknown';
}

/** The steps of a receipt's timeline. */
export const RECEIPT_STEPS = ['initiated', 'settled', 'failed', 'reversed'] as const;
export type ReceiptStep = (typeof RECEIPT_STEPS)[number];

export const RECEIPT_STEP_LABELS: Record<ReceiptStep, string> = {
  initiated: 'Initiated',
  settled: 'Settled',
  failed: 'Failed',
  reversed: 'Reversed',
};
