import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A whole PNG of `width` × `height` grey pixels. `note` goes into a text chunk, so that images of
 * one size differ; `padTo` pads it with a private chunk to about that many bytes.
 */
export function testPng(
  options: { width?: number; height?: number; note?: string; padTo?: number } = {},
): Buffer {
  const { width = 1, height = 1, note = '', padTo = 0 } = options;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  // One filter byte and one grey byte per pixel of each row (cut short for a huge image, which
  // only its header has to declare).
  const pixels = deflateSync(Buffer.alloc(Math.min(height * (width + 1), 65_536), 0x80));
  const parts = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...(note ? [chunk('tEXt', Buffer.from(`Comment\0${note}`, 'latin1'))] : []),
    chunk('IDAT', pixels),
  ];
  const size = parts.reduce((sum, part) => sum + part.length, 0) + 12 + 12;
  if (padTo > size) parts.push(chunk('prVt', Buffer.alloc(padTo - size, 7)));
  parts.push(chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}

/** An image as a data URL, as the web app sends a photo. */
export const dataUrl = (bytes: Buffer, type = 'image/png') =>
  `data:${type};base64,${bytes.toString('base64')}`;
