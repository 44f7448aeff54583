import { createHash } from 'node:crypto';
import { ChainHasher } from '@bank/infra';
import type { PublishedHead } from '../published-digests.ts';
import { describeEvent, type FindingLog } from './findings.ts';
import { COLUMN, type ScanRow } from './log-cursor.ts';

/**
 * The checks of each stream's own history, row by row in stream order: every version present,
 * every hash recomputed from the row as stored, positions rising with versions, and every head
 * published earlier still in its chain. It also builds the log digest over every stream's last hash.
 */
export class ChainCheck {
  streams = 0;
  private stream = '';
  private previousHash = '';
  private previousPosition = 0;
  private expectedVersion = 1;
  /** The published head of the current stream, until the event at its version is checked. */
  private publishedHead: PublishedHead | undefined;
  private readonly unvisited: Set<string>;
  private readonly digest = createHash('sha256');
  private readonly hasher = new ChainHasher();

  constructor(
    private readonly published: ReadonlyMap<string, PublishedHead>,
    private readonly log: FindingLog,
  ) {
    this.unvisited = new Set(published.keys());
  }

  /** The first row of the next stream is about to be checked. */
  enter(stream: string): void {
    this.closeStream();
    this.streams += 1;
    this.stream = stream;
    this.previousHash = '';
    this.previousPosition = 0;
    this.expectedVersion = 1;
    this.publishedHead = this.published.get(stream);
    this.unvisited.delete(stream);
  }

  check(row: ScanRow, version: number, position: number, type: string): void {
    const stream = this.stream;
    const storedHash = row[COLUMN.hash]!;
    if (version !== this.expectedVersion) {
      const ref = { stream, version, position };
      this.log.tampered(ref, {
        kind: 'missing_event',
        message: `${stream}: versions ${this.expectedVersion}..${version - 1} are missing before ${describeEvent(ref)}`,
        event: ref,
      });
    } else {
      const computed = this.hasher.hashHex(
        this.previousHash,
        row[COLUMN.eventId]!,
        stream,
        version,
        type,
        Number(row[COLUMN.schemaVersion]),
        row[COLUMN.data]!,
        row[COLUMN.metadata]!,
        Number(row[COLUMN.recordedAtMicros]),
      );
      if (computed !== storedHash) {
        const ref = { stream, version, position };
        this.log.tampered(ref, {
          kind: 'tampered_event',
          message: `${describeEvent(ref)} (${type}) does not match its hash: it was altered after it was recorded, or the event before it was`,
          event: ref,
        });
      }
    }
    // The chain does not cover the global position, which the database assigns on insert; a
    // stream's events are inserted in version order, so a later version has a higher position.
    if (position <= this.previousPosition) {
      const ref = { stream, version, position };
      this.log.tampered(ref, {
        kind: 'reordered_event',
        message: `${describeEvent(ref)} (${type}) has a lower global position than version ${version - 1} (position ${this.previousPosition}): its position was altered`,
        event: ref,
      });
    }
    const head = this.publishedHead;
    if (head && version === head.version) {
      if (storedHash !== head.hash) {
        const ref = { stream, version, position };
        this.log.add({
          kind: 'rewritten_since_published',
          message: `${describeEvent(ref)} does not have the hash the digest published at ${head.at} recorded (${head.hash.slice(0, 16)}…): its history was rewritten since`,
          event: ref,
        });
      }
      this.publishedHead = undefined;
    }
    this.previousHash = storedHash;
    this.previousPosition = position;
    this.expectedVersion = version + 1;
  }

  /** After the last row: the last stream's checks, and published streams no longer in the log. */
  finish(): { logDigest: string } {
    this.closeStream();
    for (const missing of this.unvisited) {
      const head = this.published.get(missing)!;
      this.log.add({
        kind: 'truncated_since_published',
        message: `${missing} is not in the log, but the digest published at ${head.at} recorded it at version ${head.version}: it was removed since`,
      });
    }
    return { logDigest: this.digest.digest('hex') };
  }

  private closeStream(): void {
    const stream = this.stream;
    if (stream === '') return;
    this.digest.update(stream).update('\n').update(Buffer.from(this.previousHash, 'hex'));
    const head = this.publishedHead;
    if (head) {
      const last = this.expectedVersion - 1;
      this.log.add({
        kind: last < head.version ? 'truncated_since_published' : 'rewritten_since_published',
        message:
          last < head.version
            ? `${stream} ends at version ${last}, but the digest published at ${head.at} recorded version ${head.version}: events were removed since`
            : `${stream} has no version ${head.version}, which the digest published at ${head.at} recorded: its history was rewritten since`,
        event: { stream, version: last, position: this.previousPosition },
      });
    }
  }
}
