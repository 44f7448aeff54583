// JPEG, JPG, PNG or GIF, at most 5 MB (5242880 bytes).

export const PHOTO_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/gif'] as const;
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_TYPE_ERROR = 'Please select a valid image file (JPEG, PNG, or GIF)';
export const PHOTO_SIZE_ERROR = 'Image size must be less than 5MB';

export function photoError(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return PHOTO_TYPE_ERROR;
  if (file.size > PHOTO_MAX_BYTES) return PHOTO_SIZE_ERROR;
  return null;
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** The longest side of a saved photo: the recommended 400x400, sharp in the largest avatar. */
export const PHOTO_SIDE = 400;

/**
 * The chosen image as it is saved: scaled down to fit PHOTO_SIDE, as JPEG, or PNG where it may be
 * transparent. A phone's photo is megabytes, and the profile carries it to every page that shows
 * the avatar. An image already that small is kept as it is (an animated GIF stays animated).
 * Rejects when the file is not an image the browser can read.
 */
export async function photoForSaving(dataUrl: string, type: string): Promise<string> {
  const image = new Image();
  image.src = dataUrl;
  await image.decode();
  const scale = PHOTO_SIDE / Math.max(image.naturalWidth, image.naturalHeight);
  if (scale >= 1) return dataUrl;
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
  canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
  const context = canvas.getContext('2d');
  if (!context) return dataUrl;
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  const opaque = type === 'image/jpeg' || type === 'image/jpg';
  return canvas.toDataURL(opaque ? 'image/jpeg' : 'image/png', 0.9);
}
