import { describe, expect, it } from 'vitest';
import { historyCategoryLabel, historyTypeAndCategory } from './history';

describe('history category labels', () => {
  it('names the server keys in words', () => {
    expect(historyCategoryLabel('card_purchase')).toBe('Card purchase');
    expect(historyCategoryLabel('external-bank')).toBe('To another bank');
    expect(historyCategoryLabel('gift_card-refund')).toBe('Gift card refund');
    expect(historyCategoryLabel(null)).toBe('');
  });
});

describe("a history card's type and category", () => {
  it('names the category beside the type, but not twice when they are the same word', () => {
    expect(historyTypeAndCategory({ type_label: 'Transfer', category: 'transfer' })).toBe(
      'Transfer',
    );
    expect(historyTypeAndCategory({ type_label: 'Bank', category: 'card_purchase' })).toBe(
      'Bank · Card purchase',
    );
    expect(historyTypeAndCategory({ type_label: 'Bill', category: '' })).toBe('Bill');
  });
});
