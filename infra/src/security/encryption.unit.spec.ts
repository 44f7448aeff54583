import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, nextIv } from './encryption.ts';

describe('secret box', () => {
  it('opens what it sealed, and refuses a tampered ciphertext', () => {
    const box = createSecretBox(randomBytes(32));
    const sealed = box.encrypt('4111 1111 1111 1111');
    expect(box.decrypt(sealed)).toBe('4111 1111 1111 1111');
    const [version, iv, tag, body] = sealed.split(':');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() =>
      box.decrypt([version, iv, tag, flipped.toString('base64url')].join(':')),
    ).toThrow();
  });

  it('never gives the same nonce twice, across refills of its pool', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 5_000; i += 1) {
      const iv = nextIv();
      expect(iv).toHaveLength(12);
      seen.add(iv.toString('hex'));
    }
    expect(seen.size).toBe(5_000);
  });

  it('seals the same text twice into different ciphertexts', () => {
    const box = createSecretBox(randomBytes(32));
    expect(box.encrypt('123-45-6789')).not.toBe(box.encrypt('123-45-6789'));
  });
});
