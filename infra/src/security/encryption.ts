import { createCipheriv, createDecipheriv, createSecretKey, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

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
 * The key from SECRETS_KEY (64 hex characters or base64), or, for the embedded defaults, a key
 * generated once and kept in DATA_DIR/secrets.key (mode 600).
 */
export function loadSecretsKey(configured: string | undefined, dataDir: string): Buffer {
  if (configured) {
    const key = /^[0-9a-f]{64}$/i.test(configured)
      ? Buffer.from(configured, 'hex')
      : Buffer.from(configured, 'base64');
    if (key.length !== 32)
      throw new Error('SECRETS_KEY must be 32 bytes (64 hex characters or base64)');
    return key;
  }
  const file = secretsKeyFile(dataDir);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
}
