import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { LINES_PER_MESSAGE, withoutLines, type DocumentJob } from './document-job.ts';
import type { FromRenderThread, ToRenderThread } from './protocol.ts';

/** Every rendering thread is busy and the line of documents waiting for one is full. */
export class RenderersBusy extends Error {
  constructor() {
    super('Every document rendering thread is busy and the queue is full');
  }
}

/** A document took longer than anyone would wait: its thread was stopped. */
export class RenderTimedOut extends Error {
  constructor(timeoutMs: number) {
    super(`A document took longer than ${timeoutMs} ms to render`);
  }
}

export interface RenderPoolOptions {
  /** Threads drawing documents at once (one document each). */
  threads?: number;
  /** Documents that may wait for a thread; past that, render() fails with RenderersBusy. */
  maxWaiting?: number;
  /** Longest a document may take once its thread starts it. */
  timeoutMs?: number;
}

/**
 * One core is left to the main thread (and, under `npm start`, shared with the projections'):
 * two threads at most, so documents never take every core from the requests.
 */
export const DEFAULT_RENDER_THREADS = Math.max(1, Math.min(2, availableParallelism() - 1));
/**
 * A long statement takes one to three seconds to draw: with 32 waiting, the last one waits well
 * under the minute a request may take.
 */
export const DEFAULT_MAX_WAITING = 32;
export const DEFAULT_RENDER_TIMEOUT_MS = 30_000;

interface Waiting {
  job: DocumentJob;
  resolve: (bytes: Buffer) => void;
  reject: (error: Error) => void;
  signal: AbortSignal | undefined;
}

interface Thread {
  worker: Worker;
  current: (Waiting & { timer: NodeJS.Timeout }) | undefined;
}

const cancelled = () => new Error('The document was no longer wanted');

/**
 * Documents drawn on worker threads, off the event loop that answers requests: a fixed number of
 * threads, started when the first document is asked for, and a bounded line of documents waiting
 * for one. A thread that fails or takes too long is replaced.
 */
export class RenderPool {
  private readonly threads: Thread[] = [];
  private readonly waiting: Waiting[] = [];
  private readonly size: number;
  private readonly maxWaiting: number;
  private readonly timeoutMs: number;
  private closed = false;

  constructor(options: RenderPoolOptions = {}) {
    this.size = options.threads ?? DEFAULT_RENDER_THREADS;
    this.maxWaiting = options.maxWaiting ?? DEFAULT_MAX_WAITING;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_RENDER_TIMEOUT_MS;
  }

  /** The document's bytes; a signal that aborts while it waits takes it out of the line. */
  render(job: DocumentJob, signal?: AbortSignal): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error('The render pool is closed'));
    if (signal?.aborted) return Promise.reject(cancelled());
    const idle = this.threads.some((t) => !t.current) || this.threads.length < this.size;
    if (!idle && this.waiting.length >= this.maxWaiting) return Promise.reject(new RenderersBusy());
    return new Promise<Buffer>((resolve, reject) => {
      const entry: Waiting = { job, resolve, reject, signal };
      this.waiting.push(entry);
      signal?.addEventListener(
        'abort',
        () => {
          const at = this.waiting.indexOf(entry);
          if (at === -1) return;
          this.waiting.splice(at, 1);
          reject(cancelled());
        },
        { once: true },
      );
      this.next();
    });
  }

  /** Documents waiting for a thread, and being drawn. */
  load(): { waiting: number; rendering: number } {
    return {
      waiting: this.waiting.length,
      rendering: this.threads.filter((t) => t.current).length,
    };
  }

  /** Stops the threads; documents not yet drawn fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const entry of this.waiting.splice(0)) entry.reject(new Error('The render pool closed'));
    await Promise.all(this.threads.map((thread) => this.stop(thread, new Error('closed'))));
  }

  private next(): void {
    while (this.waiting.length > 0) {
      let thread = this.threads.find((t) => !t.current);
      if (!thread && this.threads.length < this.size) thread = this.spawn();
      if (!thread) return;
      void this.start(thread, this.waiting.shift()!);
    }
  }

  private spawn(): Thread {
    const worker = new Worker(new URL('./render-entry.mjs', import.meta.url));
    const thread: Thread = { worker, current: undefined };
    worker.unref();
    worker.on('message', (message: FromRenderThread) => {
      const job = thread.current;
      if (!job) return;
      this.finish(thread);
      if (message.kind === 'done') job.resolve(Buffer.from(message.bytes));
      else job.reject(new Error(message.message));
    });
    worker.on('error', (error) => this.stop(thread, error));
    worker.on('exit', (code) =>
      this.stop(thread, new Error(`A rendering thread exited (${code})`)),
    );
    this.threads.push(thread);
    return thread;
  }

  /** Sends the job in parts, letting the event loop turn between them. */
  private async start(thread: Thread, entry: Waiting): Promise<void> {
    const timer = setTimeout(
      () => void this.stop(thread, new RenderTimedOut(this.timeoutMs)),
      this.timeoutMs,
    );
    thread.current = { ...entry, timer };
    // While it draws, the thread keeps the process alive, as a pending request does.
    thread.worker.ref();
    const { head, lines } = withoutLines(entry.job);
    const send = (message: ToRenderThread) => thread.worker.postMessage(message);
    send({ kind: 'job', head });
    for (let from = 0; from < lines.length; from += LINES_PER_MESSAGE) {
      if (from > 0) await new Promise((resolve) => setImmediate(resolve));
      if (thread.current?.resolve !== entry.resolve) return;
      send({ kind: 'lines', lines: lines.slice(from, from + LINES_PER_MESSAGE) });
    }
    send({ kind: 'render' });
  }

  private finish(thread: Thread): void {
    if (thread.current) clearTimeout(thread.current.timer);
    thread.current = undefined;
    thread.worker.unref();
    this.next();
  }

  /** Ends the thread (its document fails with the reason) and starts the next waiting one. */
  private async stop(thread: Thread, reason: Error): Promise<void> {
    const at = this.threads.indexOf(thread);
    if (at === -1) return;
    this.threads.splice(at, 1);
    const job = thread.current;
    if (job) clearTimeout(job.timer);
    thread.current = undefined;
    job?.reject(reason);
    if (!this.closed) this.next();
    await thread.worker.terminate();
  }
}
