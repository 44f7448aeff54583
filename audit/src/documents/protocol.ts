import type { StatementLine } from '../account-history.ts';
import type { DocumentJob } from './document-job.ts';

/** To a rendering thread: a job, its statement's lines in parts, then the word to draw it. */
export type ToRenderThread =
  | { kind: 'job'; head: DocumentJob }
  | { kind: 'lines'; lines: StatementLine[] }
  | { kind: 'render' };

/** From a rendering thread: the document's bytes (moved, not copied), or why it failed. */
export type FromRenderThread =
  { kind: 'done'; bytes: ArrayBuffer } | { kind: 'failed'; message: string };
