import { RenderersBusy, type DocumentJob, type RenderPool } from '@bank/audit';
import { ApiError, KeyedQueue, messages, rateLimited } from '@bank/infra';
import type { FastifyReply } from 'fastify';

/**
 * Documents one requester may have in the making at once, waiting ones included: a year of
 * monthly statements. A web page downloading them all gets them, one after the other; past that
 * it is one customer asking for more than anyone reads, and is answered 429.
 */
export const DOCUMENTS_PER_REQUESTER = 12;
/** Seconds to wait before asking again: about what a long statement takes to draw. */
const REQUESTER_RETRY_AFTER_S = 5;
const BUSY_RETRY_AFTER_S = 2;

/** Draws a document from what a turn has read. */
export type RenderDocument = (job: DocumentJob) => Promise<Buffer>;

/**
 * Where the query API's documents are made, and its other long reads (an auditor's replay of a
 * customer's history) gathered. A requester's documents and long reads are made one at a time
 * (read, then drawn or written), so one customer never holds more than one rendering thread, nor
 * builds a dozen long statements or replays in memory at once. The drawing happens on the render pool's threads; when every
 * thread is busy and its line is full, the answer is 503 with Retry-After: the bank is busy for
 * everyone, not refusing this customer.
 */
export class DocumentDesk {
  private readonly turns = new KeyedQueue();

  constructor(private readonly pool: RenderPool) {}

  /** The work, in the requester's turn; a request given up on before its turn is not made. */
  inTurn<T>(requester: string, reply: FastifyReply, work: (render: RenderDocument) => Promise<T>) {
    if (this.turns.pending(requester) >= DOCUMENTS_PER_REQUESTER) {
      reply.header('retry-after', String(REQUESTER_RETRY_AFTER_S));
      throw rateLimited();
    }
    const gone = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) gone.abort();
    });
    return this.turns.run(requester, async () => {
      gone.signal.throwIfAborted();
      return work((job) => this.render(job, reply, gone.signal));
    });
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  private async render(job: DocumentJob, reply: FastifyReply, signal: AbortSignal) {
    try {
      return await this.pool.render(job, signal);
    } catch (error) {
      if (!(error instanceof RenderersBusy)) throw error;
      reply.header('retry-after', String(BUSY_RETRY_AFTER_S));
      throw new ApiError(503, messages.unavailable, 'SERVICE_UNAVAILABLE');
    }
  }
}
