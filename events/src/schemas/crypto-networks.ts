import { createHash } from 'node:crypto';
import { blake2b } from '@noble/hashes/blake2.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { base58, bech32, bech32m, createBase58check } from '@scure/base';

/**
 * The shape of addresses and transaction hashes on each network the bank supports. A claim whose
 * address or hash cannot exist on the coin's network is refused before anyone reviews it.
 */
const BASE58 = '1-9A-HJ-NP-Za-km-z';
const BECH32 = '02-9ac-hj-np-z';

interface NetworkFormat {
  /** How the network is named in messages. */
  label: string;
  address: RegExp;
  txHash: RegExp;
  /** Whether an address may be written in either case and still name one account (hex). */
  caseInsensitive?: true;
}

const evm = (label: string): NetworkFormat => ({
  label,
  address: /^0x[0-9a-fA-F]{40}$/,
  txHash: /^0x[0-9a-fA-F]{64}$/,
  // The mixed case of a checksummed address only guards against typos: 0xAB… and 0xab… are one.
  caseInsensitive: true,
});

export const networkFormats: Record<string, NetworkFormat> = {
  BTC: {
    label: 'Bitcoin',
    // Native SegWit (bc1…, bech32) or legacy/P2SH (1… or 3…, base58).
    address: new RegExp(`^(bc1[${BECH32}]{11,71}|[13][${BASE58}]{25,34})$`),
    txHash: /^[0-9a-fA-F]{64}$/,
  },
  ERC20: evm('Ethereum (ERC20)'),
  BEP20: evm('BNB Smart Chain (BEP20)'),
  POLYGON: evm('Polygon'),
  ADA: {
    label: 'Cardano',
    address: new RegExp(`^addr1[${BECH32}]{53,98}$`),
    txHash: /^[0-9a-fA-F]{64}$/,
  },
  SOL: {
    label: 'Solana',
    address: new RegExp(`^[${BASE58}]{32,44}$`),
    txHash: new RegExp(`^[${BASE58}]{86,88}$`),
  },
  DOT: {
    label: 'Polkadot',
    address: new RegExp(`^1[${BASE58}]{46,47}$`),
    txHash: /^0x[0-9a-fA-F]{64}$/,
  },
  DOGE: {
    label: 'Dogecoin',
    address: new RegExp(`^[DA9][${BASE58}]{33}$`),
    txHash: /^[0-9a-fA-F]{64}$/,
  },
};

// Checksums, as each network's wallets check them. The codecs come from audited libraries
// (@scure/base, @noble/hashes); what is written here is only which codec and which bytes.

const base58checkSha256 = createBase58check(sha256);
const utf8 = new TextEncoder();

const concat = (...parts: ArrayLike<number>[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/** Base58check (double SHA-256) with one version byte and a 20-byte hash, of the versions given. */
const base58checkHash160 =
  (...versions: number[]) =>
  (address: string): boolean => {
    const bytes = base58checkSha256.decode(address);
    return bytes.length === 21 && versions.includes(bytes[0]!);
  };

/**
 * A segregated witness address (BIP-173, BIP-350): version 0 in bech32 with a 20- or 32-byte
 * program, versions 1 to 16 in bech32m with 2 to 40 bytes. Either version in the other
 * encoding is refused, as wallets refuse it.
 */
function segwit(address: string): boolean {
  const asBech32 = bech32.decodeUnsafe(address);
  const { prefix, words } = asBech32 ?? bech32m.decode(address);
  const [version, ...data] = words;
  if (prefix !== 'bc' || version === undefined || version > 16) return false;
  if ((version === 0) !== (asBech32 !== undefined)) return false;
  const program = bech32.fromWords(data);
  return version === 0
    ? program.length === 20 || program.length === 32
    : program.length >= 2 && program.length <= 40;
}

/** Cardano's addresses are longer than the 90 characters bech32 allows by default. */
const CARDANO_LENGTH_LIMIT = 256;

/** The case of each hex letter, upper where the keccak-256 of the lower-case address says so. */
function eip55Spelling(hex40: string): string {
  const lower = hex40.toLowerCase();
  const hash = keccak_256(utf8.encode(lower));
  let out = '0x';
  for (let i = 0; i < lower.length; i += 1) {
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    out += nibble >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
  }
  return out;
}

/** All lower or all upper case carries no checksum; mixed case must be the EIP-55 spelling. */
function eip55(address: string): boolean {
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return eip55Spelling(hex) === `0x${hex}`;
}

const SS58_PREFIX = utf8.encode('SS58PRE');
/** Polkadot's own network prefix, and a 32-byte account key. */
const POLKADOT = 0;

function ss58Checksum(data: Uint8Array): Uint8Array {
  return blake2b(concat(SS58_PREFIX, data), { dkLen: 64 }).subarray(0, 2);
}

function ss58(key: Uint8Array): string {
  const data = concat([POLKADOT], key);
  return base58.encode(concat(data, ss58Checksum(data)));
}

function isPolkadotAddress(address: string): boolean {
  const bytes = base58.decode(address);
  if (bytes.length !== 35 || bytes[0] !== POLKADOT) return false;
  const checksum = ss58Checksum(bytes.subarray(0, 33));
  return checksum[0] === bytes[33] && checksum[1] === bytes[34];
}

/** A Shelley address on mainnet (the low half of its header byte is the network, 1). */
function isCardanoAddress(address: string): boolean {
  const { prefix, bytes } = bech32.decodeToBytes(address, CARDANO_LENGTH_LIMIT);
  return prefix === 'addr' && bytes.length >= 29 && (bytes[0]! & 0x0f) === 1;
}

/** The checksum each network's wallets check. */
const addressChecksums: Record<string, (address: string) => boolean> = {
  ERC20: eip55,
  BEP20: eip55,
  POLYGON: eip55,
  BTC: (address) =>
    address.startsWith('bc1') ? segwit(address) : base58checkHash160(0x00, 0x05)(address),
  DOGE: base58checkHash160(0x1e, 0x16),
  SOL: (address) => base58.decode(address).length === 32,
  DOT: isPolkadotAddress,
  ADA: isCardanoAddress,
};

/**
 * Whether an address can receive coins on the network: the shape above, then the checksum its
 * wallets check (a mistyped character fails it). Only commands check this: events already logged
 * hold addresses that passed the shape check alone, and re-validating them on read must not fail.
 */
export function isValidNetworkAddress(network: string, typed: string): boolean {
  const format = networkFormats[network];
  const address = bech32InLowerCase(network, typed);
  if (!format?.address.test(address)) return false;
  const checksum = addressChecksums[network];
  try {
    return checksum !== undefined && checksum(address);
  } catch {
    // The codecs throw on a bad checksum, character or length.
    return false;
  }
}

/** The networks whose addresses may be bech32, by the prefix such an address starts with. */
const BECH32_PREFIXES: Record<string, string> = { BTC: 'bc1', ADA: 'addr1' };

/**
 * A bech32 address written all in upper case (as QR codes carry it: BIP-173 allows either case,
 * never both) in lower case; any other as written.
 */
function bech32InLowerCase(network: string, address: string): string {
  const prefix = BECH32_PREFIXES[network];
  const lower = address.toLowerCase();
  return prefix && lower.startsWith(prefix) && address === address.toUpperCase() ? lower : address;
}

/**
 * One spelling per account: an address of a network whose addresses ignore case, in lower case;
 * a bech32 one in lower case; any other as written (base58 is case-sensitive).
 */
export function normalizedNetworkAddress(network: string, address: string): string {
  const trimmed = address.trim();
  return networkFormats[network]?.caseInsensitive
    ? trimmed.toLowerCase()
    : bech32InLowerCase(network, trimmed);
}

export function isValidNetworkTxHash(network: string, txHash: string): boolean {
  return networkFormats[network]?.txHash.test(txHash) ?? false;
}

export const networkMessages = {
  address: (network: string) =>
    `This is not a valid ${networkFormats[network]?.label ?? network} address.`,
  txHash: (network: string) =>
    `This is not a valid ${networkFormats[network]?.label ?? network} transaction hash.`,
};

/** Bytes drawn from a hash of `seed`: stable per seed, so an address never changes. */
function bytesFrom(seed: string, length: number): Uint8Array {
  return new Uint8Array(createHash('sha512').update(seed).digest().subarray(0, length));
}

/**
 * The bank's deposit address for one customer and coin. SIMULATED: a valid address of the coin's
 * network (its checksum holds), made from a hash of the customer and coin, but no wallet behind
 * it exists in this build.
 */
export function bankDepositAddress(customerId: string, symbol: string, network: string): string {
  const seed = `deposit:${customerId}:${symbol}`;
  switch (network) {
    case 'BTC':
      // A witness v0 key hash (P2WPKH), as wallets hand out: bc1q…
      return bech32.encode('bc', [0, ...bech32.toWords(bytesFrom(seed, 20))]);
    case 'ADA':
      // A base address (header 0x01: key hash payment and stake parts, mainnet): addr1q…
      return bech32.encode(
        'addr',
        bech32.toWords(concat([0x01], bytesFrom(seed, 56))),
        CARDANO_LENGTH_LIMIT,
      );
    case 'SOL':
      return base58.encode(bytesFrom(seed, 32));
    case 'DOT':
      return ss58(bytesFrom(seed, 32));
    case 'DOGE':
      return base58checkSha256.encode(concat([0x1e], bytesFrom(seed, 20)));
    default:
      // The same account as before addresses were checksummed, now spelled as EIP-55 has it.
      return eip55Spelling(createHash('sha256').update(seed).digest('hex').slice(0, 40));
  }
}
