/**
 * Gathers what the projections' loops ask for in the same turn of the event loop (the loops that
 * read the same batch ask at nearly the same time) and hands it to `send` as one batch. One batch
 * is on its way at a time: what is asked meanwhile goes in the next.
 */
export function turnBatches<T>(send: (batch: T[]) => Promise<void>): (item: T) => void {
  let pending: T[] = [];
  let scheduled = false;
  let sending = false;
  const sendPending = async () => {
    scheduled = false;
    if (sending) return; // the batch on its way sends these when it is done
    sending = true;
    try {
      while (pending.length > 0) {
        const batch = pending;
        pending = [];
        await send(batch);
      }
    } finally {
      sending = false;
    }
  };
  return (item) => {
    pending.push(item);
    if (!scheduled) {
      scheduled = true;
      setImmediate(() => void sendPending());
    }
  };
}

/**
 * Orders by projection name, code point by code point: every writer locks checkpoint rows in this
 * order (no deadlocks). SQL that sorts them says COLLATE "C": a database's own collation may sort
 * otherwise (glibc's en_US ignores punctuation, putting 'accounts' before 'account-statements').
 */
export const byProjectionName = <T>(items: readonly T[], nameOf: (item: T) => string): T[] =>
  [...items].sort((a, b) => (nameOf(a) < nameOf(b) ? -1 : nameOf(a) > nameOf(b) ? 1 : 0));
