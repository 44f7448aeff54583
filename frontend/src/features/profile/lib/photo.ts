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
