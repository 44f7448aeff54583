import { describe, expect, it } from 'vitest';
import { historyCategoryLabel } from './history';

describe('history category labels', () => {
  it('names the server keys in words', () => {
    expect(historyCategoryLabel('card_purchase')).toBe('Card purchase');
    expect(historyCategoryLabel('external-bank')).toBe('To another bank');
    expect(historyCategoryLabel('gift_card-refund')).toBe('Gift card refund');
    expect(historyCategoryLabel(null)).toBe('');
  });
});
