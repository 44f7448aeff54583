import { testPng } from '@bank/server/testing';
import { describe, expect, it } from 'vitest';
import { imageSize } from './image-size.ts';

/** A GIF's signature, logical screen size, a minimal body, and its trailer. */
function gif(width: number, height: number, end = true): Buffer {
  const head = Buffer.alloc(13);
  head.write('GIF89a', 0, 'latin1');
  head.writeUInt16LE(width, 6);
  head.writeUInt16LE(height, 8);
  return Buffer.concat([head, Buffer.from([0x2c, 0, 0, 0, 0]), Buffer.from(end ? [0x3b] : [])]);
}

const segment = (marker: number, body: Buffer) => {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
};

/** A JPEG's markers around a start-of-frame of the given size (after an APP0 segment). */
function jpeg(width: number, height: number, frame = 0xc0, end = true): Buffer {
  const sof = Buffer.alloc(6);
  sof[0] = 8;
  sof.writeUInt16BE(height, 1);
  sof.writeUInt16BE(width, 3);
  sof[5] = 1;
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    segment(0xc4, Buffer.alloc(20)),
    segment(frame, sof),
    segment(0xda, Buffer.alloc(8)),
    Buffer.from([1, 2, 3, 4]),
    Buffer.from(end ? [0xff, 0xd9] : []),
  ]);
}

describe('an image’s size from its bytes', () => {
  it('reads the width and height of a whole PNG, GIF and JPEG (baseline or progressive)', () => {
    expect(imageSize(testPng({ width: 640, height: 480 }), 'image/png')).toEqual({
      width: 640,
      height: 480,
    });
    expect(imageSize(gif(32, 16), 'image/gif')).toEqual({ width: 32, height: 16 });
    expect(imageSize(jpeg(400, 300), 'image/jpeg')).toEqual({ width: 400, height: 300 });
    expect(imageSize(jpeg(400, 300, 0xc2), 'image/jpeg')).toEqual({ width: 400, height: 300 });
  });

  it('knows nothing of a file cut off, or of one whose header says no pixels', () => {
    const png = testPng({ width: 2, height: 2 });
    for (const cut of [30, png.length - 1, 20]) {
      expect(imageSize(png.subarray(0, cut), 'image/png'), `PNG cut at ${cut}`).toBeUndefined();
    }
    expect(imageSize(gif(32, 16, false), 'image/gif')).toBeUndefined();
    expect(imageSize(jpeg(400, 300, 0xc0, false), 'image/jpeg')).toBeUndefined();
    expect(imageSize(Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 'image/jpeg')).toBeUndefined();
    expect(imageSize(testPng({ width: 0, height: 5 }), 'image/png')).toBeUndefined();
    expect(imageSize(gif(0, 16), 'image/gif')).toBeUndefined();
  });

  it('survives junk after a JPEG’s signature without reading past its end', () => {
    for (let seed = 0; seed < 200; seed++) {
      const junk = Buffer.from(
        Array.from({ length: seed % 40 }, (_, i) => (seed * 31 + i * 7) % 256),
      );
      const bytes = Buffer.concat([
        Buffer.from([0xff, 0xd8, 0xff]),
        junk,
        Buffer.from([0xff, 0xd9]),
      ]);
      expect(() => imageSize(bytes, 'image/jpeg')).not.toThrow();
    }
  });
});
