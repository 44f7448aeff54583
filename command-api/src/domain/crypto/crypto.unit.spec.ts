import { coinsToUnits, unitsToCoinText, type CryptoSymbol } from '@bank/events';
import { describe, expect, it } from 'vitest';
import { buyQuote, feeCents, sellQuote } from './pricing.ts';
import { deciderSpecification } from '../../kernel/decider-specification.ts';
import {
  decideWallet,
  isKnownWithdrawalAddress,
  messages,
  walletAggregate,
  type WalletState,
} from './wallet.ts';

const customerId = '4b6c2f0a-1e2d-4c3b-8a9f-5e6d7c8b9a02';
const accountId = '0d9a3d5e-7f62-4d3e-9b1c-3f2a7c1d0e01';
const id = () => crypto.randomUUID();

const wallet = deciderSpecification(walletAggregate, decideWallet);
type WalletEvent = Parameters<typeof wallet.given>[number];

/** Prices are written in cents here and given to the wallet in millionths of a dollar. */
const micro = (cents: number) => cents * 10_000;

const buy = (totalCents: number, priceCents: number) =>
  ({
    type: 'Buy',
    customerId,
    tradeId: id(),
    accountId,
    symbol: 'BTC',
    totalCents,
    priceMicroUsd: micro(priceCents),
    reference: 'CRY-1',
  }) as const;
const sell = (units: number, priceCents: number) =>
  ({
    type: 'Sell',
    customerId,
    tradeId: id(),
    accountId,
    symbol: 'BTC',
    units,
    priceMicroUsd: micro(priceCents),
    reference: 'CRY-2',
  }) as const;

describe('coin amounts', () => {
  it.each([
    [0.00123456, 123_456],
    [1e-8, 1],
    ['0.00000001', 1],
    [1, 100_000_000],
    ['12.5', 1_250_000_000],
    [2.5e-7, 25],
  ])('parses %s exactly into units', (input, units) => {
    expect(coinsToUnits(input)).toBe(units);
  });

  it.each([[1e-9], ['0.000000001'], [-1], ['abc'], [Number.NaN], [1e12]])('refuses %s', (input) => {
    expect(coinsToUnits(input)).toBeUndefined();
  });

  it('refuses huge exponents and long text at once, without building their digits', () => {
    for (const input of ['1e-99999999', '1e99999999', '1e-999999999', '1e999999999', '1e41']) {
      expect(coinsToUnits(input)).toBeUndefined();
    }
    expect(coinsToUnits(`0.${'0'.repeat(60)}1`)).toBeUndefined();
    expect(coinsToUnits('0e999999999')).toBe(0);
    expect(coinsToUnits('100000000e-16')).toBe(1);
    expect(coinsToUnits(1e-7)).toBe(10);
  });

  it('formats units as exact 8-decimal text', () => {
    expect(unitsToCoinText(123_456)).toBe('0.00123456');
    expect(unitsToCoinText(100_000_001)).toBe('1.00000001');
  });
});

describe('trade arithmetic', () => {
  it('takes 1% to the nearest cent, a half cent up', () => {
    expect(feeCents(100)).toBe(1);
    // $1.01 pays $0.01: rounded up, it paid $0.02 (1.98 %), not the advertised 1 %.
    expect(feeCents(101)).toBe(1);
    expect(feeCents(149)).toBe(1);
    expect(feeCents(150)).toBe(2);
    expect(feeCents(10_000)).toBe(100);
    expect(feeCents(10_049)).toBe(100);
    expect(feeCents(10_050)).toBe(101);
    expect(feeCents(0)).toBe(0);
  });

  it('charges within half a cent of 1% and keeps the parts summing to the whole', () => {
    // A seeded generator: the same amounts every run, over cents up to $100,000,000.
    let seed = 20_261_206;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    for (let i = 0; i < 5_000; i++) {
      const cents = Math.floor(next() ** 3 * 10_000_000_000);
      const fee = feeCents(cents);
      expect(fee).toBeGreaterThanOrEqual(0);
      expect(Number.isInteger(fee)).toBe(true);
      // |fee − cents/100| ≤ 1/2, in integers: |100·fee − cents| ≤ 50.
      expect(Math.abs(100 * fee - cents)).toBeLessThanOrEqual(50);
      const price = 1 + Math.floor(next() * 100_000_000_000);
      if (cents >= 100) {
        const buy = buyQuote(cents, price);
        expect(buy.feeCents).toBe(fee);
        expect(buy.feeCents + buy.usdCents).toBe(buy.totalCents);
        expect(buy.usdCents).toBeGreaterThanOrEqual(0);
      }
      const units = Math.floor(next() ** 3 * 1_000_000_000_000);
      const sale = sellQuote(units, price);
      expect(sale.netCents).toBe(sale.grossCents - sale.feeCents);
      expect(Math.abs(100 * sale.feeCents - sale.grossCents)).toBeLessThanOrEqual(50);
      expect(sale.netCents).toBeGreaterThanOrEqual(0);
    }
  });

  it('buys with the amount less the fee, quantity rounded down', () => {
    // $100.00 at $65,000.00: fee $1.00, $99.00 buys 0.00152307 BTC (0.001523076... rounded down)
    expect(buyQuote(10_000, micro(6_500_000))).toEqual({
      totalCents: 10_000,
      feeCents: 100,
      usdCents: 9_900,
      units: 152_307,
    });
  });

  it('sells for the gross value rounded down, less the fee', () => {
    expect(sellQuote(152_307, micro(6_500_000))).toEqual({
      units: 152_307,
      grossCents: 9_899,
      feeCents: 99,
      netCents: 9_800,
    });
  });

  it('keeps huge products exact with BigInt', () => {
    const units = 9_000_000_000_000_000; // past 2^53 when multiplied by a price
    expect(sellQuote(units, micro(6_500_000)).grossCents).toBe(585_000_000_000_000);
  });
});

describe('wallet', () => {
  it('refuses a purchase under $1.00', () => {
    wallet.given().when(buy(99, 6_500_000)).thenThrows(messages.minBuy);
  });

  const bought = (totalCents: number) =>
    wallet
      .given()
      .when(buy(totalCents, 6_500_000))
      .then([{ type: 'CryptoBought' }]);

  it('never sells more than the holding', () => {
    const holding = wallet.given(...bought(10_000));
    expect(holding.state.balances.BTC).toBe(152_307);
    holding.when(sell(152_308, 6_500_000)).thenThrows(/Insufficient BTC balance/);
    holding.when(sell(152_307, 6_500_000)).then([{ type: 'CryptoSold' }]);
  });

  it('refuses a sale worth less than a cent after the fee', () => {
    wallet
      .given(...bought(10_000))
      .when(sell(1, 6_500_000))
      .thenThrows(messages.sellTooSmall);
  });

  const claim = (units: number, priceCents = 340_000) =>
    ({
      type: 'SubmitDeposit',
      data: {
        customerId,
        depositId: id(),
        symbol: 'ETH',
        units,
        txHash: `0x${'ab'.repeat(32)}`,
        fromAddress: `0x${'cd'.repeat(20)}`,
        network: 'ERC20',
        priceCents,
      },
    }) as const;
  const claimed = (units: number) => {
    const command = claim(units);
    const events = wallet
      .given()
      .when(command)
      .then([{ type: 'CryptoDepositSubmitted' }]);
    return { depositId: command.data.depositId, events };
  };

  it('keeps a deposit claim pending, never spendable, until it is approved once', () => {
    const { depositId, events: submitted } = claimed(100_000);
    const pending = wallet.given(...submitted);
    expect(pending.state.balances.ETH ?? 0).toBe(0);
    const approve = { type: 'ApproveDeposit', customerId, depositId, reviewedBy: 'ops' } as const;
    const approved = pending.when(approve).then([{ type: 'CryptoDepositConfirmed' }]);
    const credited = wallet.given(...submitted, ...approved);
    expect(credited.state.balances.ETH).toBe(100_000);
    credited.when(approve).thenThrows(messages.notPending);
  });

  it('credits nothing for a rejected claim, which cannot be approved afterwards', () => {
    const { depositId, events: submitted } = claimed(100_000);
    const rejected = wallet
      .given(...submitted)
      .when({
        type: 'RejectDeposit',
        customerId,
        depositId,
        reviewedBy: 'ops',
        reason: 'not found',
      })
      .then([{ type: 'CryptoDepositRejected' }]);
    const after = wallet.given(...submitted, ...rejected);
    expect(after.state.balances.ETH ?? 0).toBe(0);
    expect(after.state.pendingDeposits).toEqual({});
    after
      .when({ type: 'ApproveDeposit', customerId, depositId, reviewedBy: 'ops' })
      .thenThrows(messages.notPending);
  });

  it('refuses a claim worth more than the per-deposit maximum, and a sixth pending claim', () => {
    // 29.41176765 ETH at $3,400.00 is worth $100,000.01.
    wallet.given().when(claim(2_941_176_765)).thenThrows(messages.maxDeposit);
    wallet
      .given()
      .when(claim(2_941_176_470))
      .then([{ type: 'CryptoDepositSubmitted' }]);
    const history: WalletEvent[] = [];
    for (let i = 0; i < 5; i += 1) {
      history.push(
        ...wallet
          .given(...history)
          .when(claim(100_000))
          .then([{ type: 'CryptoDepositSubmitted' }]),
      );
    }
    wallet
      .given(...history)
      .when(claim(100_000))
      .thenThrows(messages.tooManyPending);
  });

  it('withdraws at least 0.001, more than the network fee, never more than held', () => {
    const holding = wallet.given(...bought(100_000));
    const withdraw = (units: number) =>
      holding.when({
        type: 'Withdraw',
        customerId,
        withdrawalId: id(),
        symbol: 'BTC',
        units,
        toAddress: 'bc1qxyz',
        network: 'BTC',
        priceCents: 6_500_000,
      });
    withdraw(99_999).thenThrows(messages.minWithdraw);
    withdraw(holding.state.balances.BTC! + 1).thenThrows(/Insufficient BTC balance/);
    withdraw(200_000).then([
      { type: 'CryptoWithdrawn', data: { units: 200_000, networkFeeUnits: 20_000 } },
    ]);
  });

  it('sends at least the minimum: what arrives after the network fee is 0.001 or more', () => {
    const dogeHeld = wallet.given({
      type: 'CryptoBought',
      data: { ...bought(100_000)[0]!.data, symbol: 'DOGE', units: 500_000_000 },
    } as WalletEvent);
    const withdraw = (units: number) =>
      dogeHeld.when({
        type: 'Withdraw',
        customerId,
        withdrawalId: id(),
        symbol: 'DOGE',
        units,
        toAddress: 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L',
        network: 'DOGE',
        priceCents: 10,
      });
    const fee = 100_000_000;
    withdraw(fee).thenThrows(messages.belowNetworkFee('DOGE', fee));
    withdraw(fee + 1).thenThrows(messages.minWithdrawAfterFee('DOGE', fee));
    withdraw(fee + 99_999).thenThrows(messages.minWithdraw);
    withdraw(fee + 100_000).then([
      { type: 'CryptoWithdrawn', data: { units: fee + 100_000, networkFeeUnits: fee } },
    ]);
    expect(messages.minWithdrawAfterFee('DOGE', fee)).toBe(
      'The minimum withdrawal is 0.001. The network fee of 1.00000000 DOGE is deducted first: please withdraw at least 1.00100000 DOGE.',
    );
  });

  it('knows an address once the coin was withdrawn to it, per coin and network', () => {
    const evm = '0xAbCdEf0123456789aBcDeF0123456789AbCdEf01';
    const sol = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
    const withdrawn = (symbol: 'ETH' | 'SOL', network: string, toAddress: string) =>
      ({
        type: 'CryptoWithdrawn',
        data: {
          customerId,
          withdrawalId: id(),
          symbol,
          units: 200_000,
          networkFeeUnits: 50_000,
          toAddress,
          network,
          priceCents: 300_000,
        },
      }) as WalletEvent;
    const known = (state: WalletState, symbol: CryptoSymbol, network: string, toAddress: string) =>
      isKnownWithdrawalAddress(state, { symbol, network, toAddress });
    expect(known(wallet.given().state, 'ETH', 'ERC20', evm)).toBe(false);
    const state = wallet.given(withdrawn('ETH', 'ERC20', evm), withdrawn('SOL', 'SOL', sol)).state;
    // An EVM address is one account whatever its case.
    for (const address of [evm, evm.toLowerCase(), `0x${evm.slice(2).toUpperCase()}`]) {
      expect(known(state, 'ETH', 'ERC20', address)).toBe(true);
    }
    // Known for the coin sent there, not for another coin on the same network.
    expect(known(state, 'USDC', 'ERC20', evm)).toBe(false);
    expect(known(state, 'ETH', 'ERC20', evm.replace('01', '02'))).toBe(false);
    // Base58 is case-sensitive: another case is another address.
    expect(known(state, 'SOL', 'SOL', sol)).toBe(true);
    expect(known(state, 'SOL', 'SOL', sol.toLowerCase())).toBe(false);
  });

  it('adds up exactly over many random trades', () => {
    let bought = 0;
    let sold = 0;
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    let now = wallet.given();
    for (let i = 0; i < 1000; i += 1) {
      const price = 1_000_000 + Math.floor(random() * 9_000_000);
      const held = now.state.balances.BTC ?? 0;
      if (random() < 0.6 || held < 10_000) {
        const events = now
          .when(buy(100 + Math.floor(random() * 500_000), price))
          .then([{ type: 'CryptoBought' }]);
        bought += events[0]!.data.units;
        now = now.and(...events);
      } else {
        const units = 10_000 + Math.floor(random() * (held - 10_000));
        now = now.and(...now.when(sell(units, price)).then([{ type: 'CryptoSold' }]));
        sold += units;
      }
    }
    const state = now.state;
    expect(state.balances.BTC).toBe(bought - sold);
  });
});
