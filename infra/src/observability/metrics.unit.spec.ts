import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { noteSkippedEvent } from '../event-store/tolerant-read.ts';
import { metricsRegistry } from './metrics.ts';

describe('bank_events_skipped_total', () => {
  it('is a counter of the events readers skipped, by stored type and reason', async () => {
    const skip = () =>
      noteSkippedEvent({
        eventId: randomUUID(),
        streamId: 'account-1',
        storedType: 'AccountFrozenByNewerVersion',
        schemaVersion: 9,
        reason: 'unknown_type_or_version',
        error: 'no such version',
      });
    skip();
    skip();
    const text = await metricsRegistry.metrics();
    expect(text).toContain('# TYPE bank_events_skipped_total counter');
    expect(text).toContain(
      'bank_events_skipped_total{type="AccountFrozenByNewerVersion",reason="unknown_type_or_version"} 2',
    );
  });
});
