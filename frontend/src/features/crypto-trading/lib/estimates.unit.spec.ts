import { describe, expect, it } from 'vitest';
import {
  buyEstimate,
  coinText,
  exactCoins,
  listedCoins,
  coinsToUnits,
  compactNumber,
  formatCoinPrice,
  sellEstimate,
  tradeRefusal,
} from './estimates';

describe('crypto estimates with the 1% fee', () => {
  it('takes the fee out of a buy amount and rounds the coins down', () => {
    expect(buyEstimate(100, 50_000)).toEqual({
      totalCents: 10_000,
      feeCents: 100,
      netCents: 9_900,
      units: 198_000,
    });
    // 1% of $10.01 is 10.01 cents: 10, to the nearest cent, as the server charges.
    expect(buyEstimate(10.01, 3)).toMatchObject({
      feeCents: 10,
      netCents: 991,
      units: 330_333_333,
    });
    // $1.01 pays $0.01 (rounded up, it showed $0.02: 1.98 %).
    expect(buyEstimate(1.01, 3)).toMatchObject({ feeCents: 1, netCents: 100 });
    expect(buyEstimate(1.5, 3)).toMatchObject({ feeCents: 2, netCents: 148 });
  });

  it('credits a sale less the fee', () => {
    expect(sellEstimate('0.5', 2_000)).toEqual({
      units: 50_000_000,
      grossCents: 100_000,
      feeCents: 1_000,
      netCents: 99_000,
    });
    expect(sellEstimate('0.00000001', 60_000)).toEqual({
      units: 1,
      grossCents: 0,
      feeCents: 0,
      netCents: 0,
    });
  });

  it('rejects amounts with more than 8 decimals', () => {
    expect(coinsToUnits('0.123456789')).toBeUndefined();
    expect(sellEstimate('abc', 10)).toBeNull();
    expect(buyEstimate(0, 10)).toBeNull();
  });

  it('shortens big numbers with K, M and B, grouping thousands of billions', () => {
    expect(compactNumber(1_234)).toBe('$1.23K');
    expect(compactNumber(5_600_000)).toBe('$5.60M');
    expect(compactNumber(7_890_000_000)).toBe('$7.89B');
    // Bitcoin's market cap: the rules stop at B, so thousands of billions are grouped.
    expect(compactNumber(1_290_580_000_000)).toBe('$1,290.58B');
    expect(compactNumber(999)).toBe('$999.00');
  });

  it('prices cheap coins finer than a cent, at the ask for purchases', () => {
    expect(formatCoinPrice(0.142317)).toBe('$0.142317');
    expect(formatCoinPrice(0.1)).toBe('$0.10');
    expect(formatCoinPrice(65_000.5)).toBe('$65,000.50');
    // $10.00 less the $0.10 fee at $0.142317 a DOGE: 69.56301777 DOGE, rounded down.
    expect(buyEstimate(10, 0.142317)!.units).toBe(6_956_301_777);
    expect(sellEstimate('69.56301777', 0.141961)!.grossCents).toBe(987);
  });
});

describe('what the bank would refuse, checked before the confirmation', () => {
  const sell = (amount: string, heldExact: string | undefined) =>
    tradeRefusal({ side: 'sell', symbol: 'BTC', amount, availableBalance: 0, heldExact });
  const buy = (amount: string, availableBalance: number | undefined) =>
    tradeRefusal({ side: 'buy', symbol: 'BTC', amount, availableBalance, heldExact: undefined });

  it('refuses a sale over the holding in the bank words, to the last of 8 decimals', () => {
    expect(sell('0.002', '0.00100637')).toBe('Insufficient BTC balance: you hold 0.00100637 BTC.');
    expect(sell('0.00100638', '0.00100637')).toBe(
      'Insufficient BTC balance: you hold 0.00100637 BTC.',
    );
    expect(sell('0.00100637', '0.00100637')).toBeNull();
    expect(sell('0.1', undefined)).toBe('Insufficient BTC balance: you hold 0.00000000 BTC.');
  });

  it('refuses a purchase over the account available balance, fee included', () => {
    expect(buy('100.01', 100)).toBe('Insufficient funds');
    expect(buy('100', 100)).toBeNull();
    expect(buy('0.30', 0.1 + 0.2)).toBeNull();
    expect(buy('50', undefined)).toBeNull();
  });

  it('writes an amount the bank sent with all 8 decimals, as the bank holds it', () => {
    expect(['0.00374368', '1.99999999', '12', '0.5', 'n/a'].map(exactCoins)).toEqual([
      '0.00374368',
      '1.99999999',
      '12.00000000',
      '0.50000000',
      'n/a',
    ]);
  });

  it('lists a holding to 6 decimals, cut, never rounded up', () => {
    expect(['0.00151368', '1.99999999', '12', '0.5'].map(listedCoins)).toEqual([
      '0.001513',
      '1.999999',
      '12.000000',
      '0.500000',
    ]);
  });

  it('writes a holding with all 8 decimals by integer arithmetic', () => {
    expect(coinText(100_637)).toBe('0.00100637');
    expect(coinText(6_905_884_650)).toBe('69.05884650');
    expect(coinText(coinsToUnits('123456.78901234')!)).toBe('123456.78901234');
    expect(coinText(0)).toBe('0.00000000');
  });
});
