import { createHash } from 'node:crypto';

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

export function isValidNetworkAddress(network: string, address: string): boolean {
  return networkFormats[network]?.address.test(address) ?? false;
}

/**
 * One spelling per account: an address of a network whose addresses ignore case, in lower case;
 * any other as written (base58 is case-sensitive, and the bech32 formats accepted are lower case).
 */
export function normalizedNetworkAddress(network: string, address: string): string {
  const trimmed = address.trim();
  return networkFormats[network]?.caseInsensitive ? trimmed.toLowerCase() : trimmed;
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

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32_ALPHABET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

/** `length` characters of `alphabet` drawn from a hash of `seed` (one byte per character). */
function charsFrom(seed: string, alphabet: string, length: number): string {
  let out = '';
  for (let round = 0; out.length < length; round += 1) {
    const bytes = createHash('sha256').update(`${seed}:${round}`).digest();
    for (const byte of bytes) if (out.length < length) out += alphabet[byte % alphabet.length];
  }
  return out;
}

/**
 * The bank's deposit address for one customer and coin. SIMULATED: shaped like an address of the
 * coin's network (and accepted by its format check), but no wallet behind it exists in this build.
 */
export function bankDepositAddress(customerId: string, symbol: string, network: string): string {
  const seed = `deposit:${customerId}:${symbol}`;
  switch (network) {
    case 'BTC':
      return `bc1q${charsFrom(seed, BECH32_ALPHABET, 38)}`;
    case 'ADA':
      return `addr1q${charsFrom(seed, BECH32_ALPHABET, 52)}`;
    case 'SOL':
      return charsFrom(seed, BASE58_ALPHABET, 44);
    case 'DOT':
      return `1${charsFrom(seed, BASE58_ALPHABET, 47)}`;
    case 'DOGE':
      return `D${charsFrom(seed, BASE58_ALPHABET, 33)}`;
    default:
      return `0x${createHash('sha256').update(seed).digest('hex').slice(0, 40)}`;
  }
}
