import { bech32, bech32m } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { cryptoAssets, cryptoSymbols } from './crypto.ts';
import {
  bankDepositAddress,
  isValidNetworkAddress,
  normalizedNetworkAddress,
} from './crypto-networks.ts';

// Published addresses: the BIP-173 and BIP-350 examples, the EIP-55 examples, Bitcoin's genesis
// and a P2SH address from the Bitcoin wiki, the Dogecoin, Polkadot (SS58) and Solana examples
// from their documentation, and the CIP-19 test vectors of Cardano.
const valid: Record<string, string[]> = {
  BTC: [
    'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
    '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
  ],
  ERC20: [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ],
  DOGE: ['DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L'],
  DOT: ['15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5'],
  SOL: ['83astBRguLMdt2h5U1Tpdq5tjFoJ6noeGwaY3mDLVcri'],
  ADA: [
    'addr1qx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgse35a3x',
    'addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl8',
  ],
};

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

/**
 * Every address one character away (in the address's own alphabet, so that only the checksum
 * can tell), the prefix kept: a typo a wallet's checksum catches.
 */
function typos(address: string): string[] {
  const bech = address.startsWith('bc1') || address.startsWith('addr1');
  const alphabet = bech ? BECH32 : BASE58;
  const start = bech ? address.indexOf('1') + 1 : 1;
  const out: string[] = [];
  for (let i = start; i < address.length; i += 1) {
    const replacement = alphabet[(alphabet.indexOf(address[i]!) + 7) % alphabet.length]!;
    out.push(address.slice(0, i) + replacement + address.slice(i + 1));
  }
  return out;
}

/** An EVM address with one letter's case flipped, and with one digit changed, at each place. */
function evmTypos(address: string): string[] {
  const out: string[] = [];
  for (let i = 2; i < address.length; i += 1) {
    const c = address[i]!;
    const flipped = c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase();
    if (flipped !== c) out.push(address.slice(0, i) + flipped + address.slice(i + 1));
    else out.push(address.slice(0, i) + String((Number(c) + 1) % 10) + address.slice(i + 1));
  }
  return out;
}

describe('isValidNetworkAddress', () => {
  it.each(Object.entries(valid))('accepts the published %s addresses', (network, addresses) => {
    for (const address of addresses)
      expect(isValidNetworkAddress(network, address), address).toBe(true);
  });

  it.each(['BTC', 'DOGE', 'DOT', 'ADA'])(
    'refuses every one-character typo of a %s address',
    (network) => {
      for (const address of valid[network]!) {
        for (const typo of typos(address)) {
          expect(isValidNetworkAddress(network, typo), typo).toBe(false);
        }
      }
    },
  );

  it('refuses every one-character typo of a checksummed (mixed-case) EVM address', () => {
    for (const network of ['ERC20', 'BEP20', 'POLYGON']) {
      for (const address of valid.ERC20!) {
        for (const typo of evmTypos(address)) {
          expect(isValidNetworkAddress(network, typo), typo).toBe(false);
        }
      }
    }
  });

  it('accepts an EVM address without a checksum: all lower or all upper case', () => {
    const address = valid.ERC20![0]!;
    expect(isValidNetworkAddress('ERC20', address.toLowerCase())).toBe(true);
    expect(isValidNetworkAddress('ERC20', `0x${address.slice(2).toUpperCase()}`)).toBe(true);
  });

  it('accepts a bech32 address all in upper case, as QR codes carry it, never in mixed case', () => {
    // BIP-173's upper-case example, and the Cardano ones in upper case.
    const upper = [
      'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
      ...valid.ADA!.map((a) => a.toUpperCase()),
    ];
    for (const address of upper) {
      const network = address.startsWith('BC1') ? 'BTC' : 'ADA';
      expect(isValidNetworkAddress(network, address), address).toBe(true);
      // One account, however it is written: known addresses are compared in lower case.
      expect(normalizedNetworkAddress(network, address)).toBe(address.toLowerCase());
    }
    const mixed = valid.BTC![0]!.replace('bc1q', 'BC1Q');
    expect(isValidNetworkAddress('BTC', mixed)).toBe(false);
    // One character typed wrong still fails the checksum in upper case.
    expect(isValidNetworkAddress('BTC', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T5')).toBe(false);
    // Base58 is case-sensitive: an upper-cased legacy address is another (invalid) one.
    expect(isValidNetworkAddress('BTC', valid.BTC![3]!.toUpperCase())).toBe(false);
  });

  it('refuses the addresses a probe got sent: each a published one with a typo', () => {
    expect(isValidNetworkAddress('BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdx')).toBe(false);
    expect(isValidNetworkAddress('DOGE', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7M')).toBe(false);
    expect(isValidNetworkAddress('ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(
      false,
    );
  });

  it('refuses a witness version in the other encoding, and programs of the wrong length', () => {
    const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => i * 7 + 1);
    const segwit = (codec: typeof bech32, version: number, length: number) =>
      codec.encode('bc', [version, ...codec.toWords(bytes(length))]);
    // The right encodings pass, so each refusal below is owed to the one thing changed.
    expect(isValidNetworkAddress('BTC', segwit(bech32, 0, 20))).toBe(true);
    expect(isValidNetworkAddress('BTC', segwit(bech32m, 1, 32))).toBe(true);
    for (const address of [
      segwit(bech32m, 0, 20), // version 0 in bech32m
      segwit(bech32, 1, 32), // version 1 in bech32
      segwit(bech32, 0, 16), // version 0 with neither 20 nor 32 bytes
      segwit(bech32m, 1, 41), // longer than any witness program
      bech32.encode('tb', [0, ...bech32.toWords(bytes(20))]), // testnet
    ]) {
      expect(isValidNetworkAddress('BTC', address), address).toBe(false);
    }
  });

  it('refuses a Solana address that is not 32 bytes (Solana addresses carry no checksum)', () => {
    const address = valid.SOL![0]!;
    expect(isValidNetworkAddress('SOL', address.slice(0, -4))).toBe(false); // 30 bytes
    expect(isValidNetworkAddress('SOL', 'z'.repeat(44))).toBe(false);
  });

  it('refuses an address of another network or another version byte', () => {
    expect(isValidNetworkAddress('DOGE', valid.BTC![3]!)).toBe(false);
    expect(isValidNetworkAddress('BTC', valid.DOGE![0]!)).toBe(false);
    expect(isValidNetworkAddress('DOT', valid.SOL![0]!)).toBe(false);
    expect(isValidNetworkAddress('NOPE', valid.BTC![0]!)).toBe(false);
  });
});

describe('bankDepositAddress', () => {
  it('is a valid address of the coin network, the same for one customer and coin', () => {
    for (const customer of ['c1', 'c2', '6f1c1a4e-4a57-4a0b-9f43-0d7b2c9f1e11']) {
      for (const symbol of cryptoSymbols) {
        const network = cryptoAssets[symbol].network;
        const address = bankDepositAddress(customer, symbol, network);
        expect(isValidNetworkAddress(network, address), `${symbol} ${address}`).toBe(true);
        expect(bankDepositAddress(customer, symbol, network)).toBe(address);
      }
    }
    expect(bankDepositAddress('c1', 'BTC', 'BTC')).not.toBe(bankDepositAddress('c2', 'BTC', 'BTC'));
  });
});
