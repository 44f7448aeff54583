import { describe, expect, it } from 'vitest';
import { historyStep } from './use-update-search-params';

const at = (query: string) => new URLSearchParams(query);

describe('historyStep', () => {
  it('gives each choice a step of its own, and none to a choice that changes nothing', () => {
    expect(historyStep(at(''), { days: '90' }, false)).toBe('push');
    expect(historyStep(at('days=90'), { days: '365' }, false)).toBe('push');
    expect(historyStep(at('days=90'), { days: null }, false)).toBe('push');
    expect(historyStep(at('days=90'), { days: '90' }, false)).toBe('none');
    expect(historyStep(at(''), { type: null, min: '' }, false)).toBe('none');
  });

  it('makes a search one step: its first key starts it, the next keys edit it in place', () => {
    expect(historyStep(at('days=90'), { q: 'p' }, true)).toBe('push');
    expect(historyStep(at('days=90&q=p'), { q: 'pa' }, true)).toBe('replace');
    expect(historyStep(at('q=pay'), { q: 'pa' }, true)).toBe('replace');
    // Clearing the box is a step, so Back brings the search back.
    expect(historyStep(at('q=pay'), { q: null }, true)).toBe('push');
  });
});
