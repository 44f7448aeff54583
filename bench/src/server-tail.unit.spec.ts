import { describe, expect, it } from 'vitest';
import { bucketCounts, quantileBetween } from './server-tail.ts';

const NAME = 'bank_http_request_duration_seconds';

/** One series' cumulative buckets, as prom-client answers them. */
function series(labels: Record<string, string>, counts: [string, number][]) {
  return counts.map(([le, value]) => ({
    labels: { ...labels, le },
    value,
    metricName: `${NAME}_bucket`,
  }));
}

describe('server tail from histogram readings', () => {
  it('sums the matching series only, and leaves out sums and counts', () => {
    const values = [
      ...series({ route: '/a', status: '201' }, [
        ['0.01', 5],
        ['0.1', 8],
        ['+Inf', 9],
      ]),
      ...series({ route: '/a', status: '201', method: 'POST' }, [
        ['0.01', 1],
        ['0.1', 1],
        ['+Inf', 1],
      ]),
      ...series({ route: '/b', status: '201' }, [
        ['0.01', 100],
        ['0.1', 100],
        ['+Inf', 100],
      ]),
      { labels: { route: '/a', status: '201' }, value: 42, metricName: `${NAME}_sum` },
    ];
    expect(bucketCounts(NAME, values, { route: '/a' })).toEqual({
      bounds: [0.01, 0.1, Infinity],
      counts: [6, 9, 10],
    });
  });

  it('interpolates within the bucket of the quantile, counting only what came between readings', () => {
    const before = { bounds: [0.01, 0.05, 0.1, Infinity], counts: [1000, 1000, 1000, 1000] };
    // Between the readings: 50 under 10 ms, 40 in 10–50 ms, 10 in 50–100 ms.
    const after = { bounds: [0.01, 0.05, 0.1, Infinity], counts: [1050, 1090, 1100, 1100] };
    expect(quantileBetween(before, after, 0.5)).toBeCloseTo(10);
    expect(quantileBetween(before, after, 0.7)).toBeCloseTo(30);
    expect(quantileBetween(before, after, 0.99)).toBeCloseTo(95);
  });

  it('answers the last finite bound past it, and nothing when nothing was observed', () => {
    const before = { bounds: [0.01, Infinity], counts: [0, 0] };
    expect(quantileBetween(before, { bounds: [0.01, Infinity], counts: [0, 4] }, 0.99)).toBe(10);
    expect(quantileBetween(before, before, 0.99)).toBeUndefined();
  });
});
