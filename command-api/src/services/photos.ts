import { createHash } from 'node:crypto';
import { fieldError } from '@bank/infra';
import type { CommandContext } from './context.ts';
import { imageSize, type ImageType } from './image-size.ts';

export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
/** The photo route's body limit: a 5 MB image as base64, with room for a data-URL prefix. */
export const MAX_PHOTO_BODY_BYTES = Math.ceil(MAX_PHOTO_BYTES / 3) * 4 + 64 * 1024;
export const INVALID_IMAGE = 'Please select a valid image file (JPEG, PNG, or GIF)';
export const IMAGE_TOO_LARGE = 'Image size must be less than 5MB';
/**
 * The most pixels a photo may have on a side. The web app saves photos at 400 pixels; a file
 * declaring more than this decodes to hundreds of megabytes in every browser that shows it.
 */
export const MAX_PHOTO_SIDE = 4096;
export const IMAGE_TOO_WIDE = `The image can be at most ${MAX_PHOTO_SIDE} × ${MAX_PHOTO_SIDE} pixels.`;

/** The image type by its first bytes (not its name or declared type). */
export function sniffImageType(bytes: Buffer): ImageType | undefined {
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

/** The start of every ref storeProfileImage gives the customer's photos. */
const ownPhotos = (customerId: string) => `photo:${customerId}:`;

/** How long a stored photo no event names yet is left for the command that is to name it. */
const UNNAMED_PHOTO_GRACE = '10 minutes';

/**
 * Decodes a data URL or bare base64, checks type by content and size, and stores the blob as the
 * customer's own (its ref: "photo:<customer id>:<sha256 of the image>", its row marked with the
 * customer), so that removing it can never take another customer's photo.
 */
export async function storeProfileImage(
  ctx: CommandContext,
  customerId: string,
  image: string,
): Promise<string> {
  const base64 = image.replace(/^data:[^;,]*;base64,/, '');
  if (!/^[A-Za-z0-9+/=\s]*$/.test(base64)) throw fieldError({ image: [INVALID_IMAGE] });
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_PHOTO_BYTES) throw fieldError({ image: [IMAGE_TOO_LARGE] });
  const mimeType = sniffImageType(bytes);
  // The type by its first bytes, then a whole file of a size a browser can show.
  const size = mimeType && imageSize(bytes, mimeType);
  if (!size) throw fieldError({ image: [INVALID_IMAGE] });
  if (size.width > MAX_PHOTO_SIDE || size.height > MAX_PHOTO_SIDE) {
    throw fieldError({ image: [IMAGE_TOO_WIDE] });
  }
  const ref = `${ownPhotos(customerId)}${createHash('sha256').update(bytes).digest('hex')}`;
  // The same image again is the same row, renewed so that it is not taken for an old unnamed one.
  await ctx.pool.query(
    `INSERT INTO profile_images (ref, mime_type, data, customer_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (ref) DO UPDATE SET created_at = now()`,
    [ref, mimeType, bytes, customerId],
  );
  return ref;
}

/**
 * After the customer's photo changed from `previous` to `current`: the previous one is deleted,
 * and so are the customer's photos that no change named (an upload whose command failed), once
 * old enough not to be an upload still on its way. A customer keeps one photo, however often it
 * is replaced. Photos stored before refs named their customer (plain "sha256:") may be shared
 * between customers and are left alone.
 */
export async function forgetReplacedPhotos(
  ctx: CommandContext,
  customerId: string,
  previous: string | null,
  current: string | null,
): Promise<void> {
  await ctx.pool.query(
    `DELETE FROM profile_images
      WHERE customer_id = $1 AND ref IS DISTINCT FROM $3
        AND (ref = $2 OR created_at < now() - $4::interval)`,
    [customerId, previous, current, UNNAMED_PHOTO_GRACE],
  );
}

/** Deletes every photo of an erased customer. */
export async function erasePhotos(ctx: CommandContext, customerId: string): Promise<void> {
  await ctx.pool.query('DELETE FROM profile_images WHERE customer_id = $1', [customerId]);
}
