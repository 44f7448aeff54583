import { describe, expect, it } from 'vitest';
import { currentTraceContext, inSpan, linksToEvents, tracingStarted } from './tracing.ts';

describe('while this thread is not tracing', () => {
  it('runs the work and answers what it answers, a throw as a rejection', async () => {
    expect(tracingStarted()).toBe(false);
    await expect(inSpan('command', async () => 42)).resolves.toBe(42);
    await expect(
      inSpan('command', async () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    const throwsAtOnce = (() => {
      throw new Error('at once');
    }) as () => Promise<never>;
    const answer = inSpan('command', throwsAtOnce);
    await expect(answer).rejects.toThrow('at once');
  });

  it('puts no trace context in events and links nothing', () => {
    expect(currentTraceContext()).toEqual({});
    const traced = { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' };
    expect(linksToEvents([traced])).toEqual([]);
  });
});
