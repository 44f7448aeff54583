import { createHash } from 'node:crypto';
import { fieldError } from '@bank/infra';
import type { CommandContext } from './context.ts';

export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
/** The photo route's body limit: a 5 MB image as base64, with room for a data-URL prefix. */
export const MAX_PHOTO_BODY_BYTES = Math.ceil(MAX_PHOTO_BYTES / 3) * 4 + 64 * 1024;
export const INVALID_IMAGE = 'Please select a valid image file (JPEG, PNG, or GIF)';
export const IMAGE_TOO_LARGE = 'Image size must be less than 5MB';

/** The image type by its first bytes (not its name or declared type). */
export function sniffImageType(
  bytes: Buffer,
): 'image/jpeg' | 'image/png' | 'image/gif' | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'image/jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  const head = bytes.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'image/gif';
  return undefined;
}

/** Decodes a data URL or bare base64, checks type by content and size, stores the blob. */
export async function storeProfileImage(ctx: CommandContext, image: string): Promise<string> {
  const base64 = image.replace(/^data:[^;,]*;base64,/, '');
  if (!/^[A-Za-z0-9+/=\s]*$/.test(base64)) throw fieldError({ image: [INVALID_IMAGE] });
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_PHOTO_BYTES) throw fieldError({ image: [IMAGE_TOO_LARGE] });
  const mimeType = sniffImageType(bytes);
  if (!mimeType) throw fieldError({ image: [INVALID_IMAGE] });
  const ref = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
  await ctx.pool.query(
    'INSERT INTO profile_images (ref, mime_type, data) VALUES ($1, $2, $3) ON CONFLICT (ref) DO NOTHING',
    [ref, mimeType, bytes],
  );
  return ref;
}
