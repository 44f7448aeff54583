import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfText } from './pdf-text.ts';

function pdfWithContent(content: string): { pdf: Buffer; compressed: Buffer } {
  const compressed = deflateSync(Buffer.from(content, 'latin1'));
  const pdf = Buffer.concat([
    Buffer.from(
      `%PDF-1.3\n5 0 obj\n<<\n/Length ${compressed.length}\n/Filter /FlateDecode\n>>\nstream\n`,
    ),
    compressed,
    Buffer.from('\nendstream\nendobj\n%%EOF\n'),
  ]);
  return { pdf, compressed };
}

function hexText(text: string): string {
  return `[<${Buffer.from(text, 'latin1').toString('hex')}>] TJ`;
}

describe('pdfText', () => {
  it('reads the text of a compressed content stream', () => {
    const { pdf } = pdfWithContent(`BT ${hexText('Account statement')} ET`);
    expect(pdfText(pdf)).toBe('Account statement');
  });

  it('reads a stream whose compressed bytes end in a carriage return', () => {
    // Search for a page whose deflated bytes end in "\r": such a stream looks as if its line
    // break before "endstream" began one byte early.
    let found: { pdf: Buffer; text: string } | undefined;
    for (let n = 0; !found && n < 100_000; n++) {
      const text = `Closing balance ${n}`;
      const { pdf, compressed } = pdfWithContent(`BT ${hexText(text)} ET`);
      if (compressed.at(-1) === 0x0d) found = { pdf, text };
    }
    expect(found).toBeDefined();
    expect(pdfText(found!.pdf)).toBe(found!.text);
  });
});
