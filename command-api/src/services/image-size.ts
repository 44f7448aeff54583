// What a browser will do with an image, read from its bytes: how many pixels it decodes to, and
// whether the file is whole. A 1 MB PNG can declare 20000 × 20000 pixels (1.6 GB once decoded)
// and stall the browser of everyone it is shown to; a cut-off file shows as a broken image.

export type ImageType = 'image/jpeg' | 'image/png' | 'image/gif';

export interface ImageSize {
  width: number;
  height: number;
}

const PNG_END = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

function pngSize(bytes: Buffer): ImageSize | undefined {
  // The header chunk comes first: length 13, "IHDR", width, height.
  if (bytes.length < 24 + PNG_END.length || bytes.toString('latin1', 12, 16) !== 'IHDR') {
    return undefined;
  }
  if (!bytes.subarray(bytes.length - PNG_END.length).equals(PNG_END)) return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

function gifSize(bytes: Buffer): ImageSize | undefined {
  // The logical screen's width and height follow the signature; the trailer byte ends the file.
  if (bytes.length < 14 || bytes[bytes.length - 1] !== 0x3b) return undefined;
  return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
}

/** The start-of-frame markers (SOF0–SOF15), which carry the frame's size; C4, C8, CC are not. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegSize(bytes: Buffer): ImageSize | undefined {
  if (bytes.length < 4 || bytes[bytes.length - 2] !== 0xff || bytes[bytes.length - 1] !== 0xd9) {
    return undefined;
  }
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    // Fill bytes, and markers without a length (TEM, RSTn), stand alone.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2) return undefined;
    if (isStartOfFrame(marker)) {
      if (at + 9 > bytes.length) return undefined;
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    // The image data starts after the start of scan: a frame's size must have come before it.
    if (marker === 0xda) return undefined;
    at += 2 + length;
  }
  return undefined;
}

/** The image's size in pixels, or undefined when the file is cut off or its header is not whole. */
export function imageSize(bytes: Buffer, type: ImageType): ImageSize | undefined {
  const size =
    type === 'image/png' ? pngSize(bytes) : type === 'image/gif' ? gifSize(bytes) : jpegSize(bytes);
  return size && size.width > 0 && size.height > 0 ? size : undefined;
}
