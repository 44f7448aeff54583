import { createCipheriv, createDecipheriv, createSecretKey, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { InvalidSetting } from '../invalid-setting.ts';

/** AES-256-GCM for secrets at rest (card numbers, CVVs, SSNs): "v1:<iv>:<tag>:<ciphertext>". */
export interface SecretBox {
  encrypt(plaintext: string): string;
  decrypt(sealed: string): string;
}

const IV_BYTES = 12;
const IV_POOL_BYTES = IV_BYTES * 512;
let ivPool = Buffer.alloc(0);
let ivOffset = 0;

/**
 * A fresh random 96-bit GCM nonce. Drawn from a pool filled by the CSPRNG 512 nonces at a time
 * (as Node does for randomUUID): one randomBytes call per field sealed was 2% of a transfer's
 * main-thread time. Each nonce is copied out and its bytes are never handed out again.
 */
export function nextIv(): Buffer {
  if (ivOffset + IV_BYTES > ivPool.length) {
    ivPool = randomBytes(IV_POOL_BYTES);
    ivOffset = 0;
  }
  const iv = Buffer.from(ivPool.subarray(ivOffset, ivOffset + IV_BYTES));
  ivOffset += IV_BYTES;
  return iv;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('The secrets key must be 32 bytes');
  // Imported once: a raw key is imported again by every cipher made from it.
  const secret = createSecretKey(key);
  return {
    encrypt(plaintext) {
      const iv = nextIv();
      const cipher = createCipheriv('aes-256-gcm', secret, iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join(':');
    },
    decrypt(sealed) {
      const [version, iv, tag, body] = sealed.split(':');
      if (version !== 'v1' || !iv || !tag || body === undefined)
        throw new Error('Not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', secret, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const text = decipher.update(Buffer.from(body, 'base64url'));
      // GCM has no padding, so final() only checks the tag and adds nothing (it throws on a
      // wrong one before the text is used).
      const rest = decipher.final();
      return (rest.length > 0 ? Buffer.concat([text, rest]) : text).toString('utf8');
    },
  };
}

/**
 * The key a tool run beside the bank must use (SECRETS_KEY, else the data directory's file), or
 * undefined where there is none: unlike loadSecretsKey, it never makes one up.
 */
export function existingSecretsKey(
  configured: string | undefined,
  dataDir: string,
): Buffer | undefined {
  return configured || existsSync(secretsKeyFile(dataDir))
    ? loadSecretsKey(configured, dataDir)
    : undefined;
}

/** Where the bank keeps its secrets key when SECRETS_KEY is not set. */
export const secretsKeyFile = (dataDir: string) => path.join(dataDir, 'secrets.key');

/**
 * SECRETS_KEY's 32 bytes: 64 hex characters, or base64 (or base64url) of 32 bytes. Anything else
 * is refused as the setting, never echoing the value: Buffer.from(…, 'base64') skips characters
 * it cannot read, so "abcd" would otherwise pass the format and fail only on its length.
 */
export function parseSecretsKey(configured: string): Buffer {
  const text = configured.trim();
  if (/^[0-9a-f]{64}$/i.test(text)) return Buffer.from(text, 'hex');
  const reason = 'must be 32 bytes, as 64 hex characters or base64 (openssl rand -hex 32)';
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) {
    throw new InvalidSetting('SECRETS_KEY', `${reason}; got characters that are neither`);
  }
  const key = Buffer.from(text, 'base64');
  if (key.length !== 32) {
    throw new InvalidSetting('SECRETS_KEY', `${reason}; got ${key.length} bytes`);
  }
  return key;
}

/**
 * The key from SECRETS_KEY (64 hex characters or base64), or, for the embedded defaults, a key
 * generated once and kept in DATA_DIR/secrets.key (mode 600).
 */
export function loadSecretsKey(configured: string | undefined, dataDir: string): Buffer {
  if (configured) return parseSecretsKey(configured);
  const file = secretsKeyFile(dataDir);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  const kept = readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/i.test(kept)) {
    throw new InvalidSetting('DATA_DIR', `${file} does not hold a key (64 hex characters)`);
  }
  return Buffer.from(kept, 'hex');
}
