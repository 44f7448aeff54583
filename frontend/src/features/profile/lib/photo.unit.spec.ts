import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES, photoError } from './photo';

describe('profile photo checks', () => {
  it('accepts JPEG, JPG, PNG and GIF up to 5 MB', () => {
    for (const type of ['image/jpeg', 'image/jpg', 'image/png', 'image/gif'])
      expect(photoError({ type, size: PHOTO_MAX_BYTES })).toBeNull();
  });

  it('refuses other types', () => {
    expect(photoError({ type: 'image/webp', size: 10 })).toBe(
      'Please select a valid image file (JPEG, PNG, or GIF)',
    );
    expect(photoError({ type: 'application/pdf', size: 10 })).toBe(
      'Please select a valid image file (JPEG, PNG, or GIF)',
    );
  });

  it('refuses files over 5 MB (5242880 bytes)', () => {
    expect(PHOTO_MAX_BYTES).toBe(5242880);
    expect(photoError({ type: 'image/png', size: PHOTO_MAX_BYTES + 1 })).toBe(
      'Image size must be less than 5MB',
    );
  });
});
