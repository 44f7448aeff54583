import { parentPort } from 'node:worker_threads';
import type { StatementLine } from '../account-history.ts';
import { renderDocument, withLines, type DocumentJob } from './document-job.ts';
import type { FromRenderThread, ToRenderThread } from './protocol.ts';

// A rendering thread: draws one document at a time, so a long statement's drawing (and the
// garbage it leaves) delays no request on the main thread.
const port = parentPort!;
let head: DocumentJob | undefined;
let lines: StatementLine[] = [];

/**
 * The bytes in an ArrayBuffer of their own, which moves to the main thread without a copy there (a
 * Buffer may be a slice of a pool shared with others).
 */
function ownBuffer(bytes: Buffer): ArrayBuffer {
  const own = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(own).set(bytes);
  return own;
}

async function render(job: DocumentJob): Promise<FromRenderThread> {
  try {
    return { kind: 'done', bytes: ownBuffer(await renderDocument(job)) };
  } catch (error) {
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}

port.on('message', (message: ToRenderThread) => {
  if (message.kind === 'job') {
    head = message.head;
    lines = [];
  } else if (message.kind === 'lines') {
    for (const line of message.lines) lines.push(line);
  } else if (head) {
    const job = withLines(head, lines);
    head = undefined;
    lines = [];
    void render(job).then((answer) =>
      port.postMessage(answer, answer.kind === 'done' ? [answer.bytes] : []),
    );
  }
});
