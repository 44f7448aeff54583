import { inflateSync } from 'node:zlib';

interface PdfObject {
  dictionary: string;
  /** The stream's bytes, inflated when compressed, as latin1 text. */
  stream?: string;
}

/**
 * The PDF's objects by number. A stream is cut by its dictionary's /Length, not by searching for
 * "endstream": compressed bytes may end in a carriage return, which a search would take for the
 * line break before the keyword (and may hold anything that looks like an object).
 */
function pdfObjects(pdf: Buffer): Map<number, PdfObject> {
  const raw = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const header = /(\d+) 0 obj\s*/g;
  for (let match = header.exec(raw); match; match = header.exec(raw)) {
    const id = Number(match[1]);
    const end = raw.indexOf('endobj', header.lastIndex);
    const dictionaryEnd = raw.indexOf('stream', header.lastIndex);
    if (dictionaryEnd === -1 || (end !== -1 && end < dictionaryEnd)) {
      objects.set(id, { dictionary: raw.slice(header.lastIndex, end === -1 ? undefined : end) });
      continue;
    }
    const dictionary = raw.slice(header.lastIndex, dictionaryEnd);
    let start = dictionaryEnd + 'stream'.length;
    if (raw[start] === '\r') start += 1;
    if (raw[start] === '\n') start += 1;
    const bytes = pdf.subarray(start, start + Number(/\/Length (\d+)/.exec(dictionary)?.[1] ?? 0));
    let stream: string;
    try {
      stream = inflateSync(bytes).toString('latin1');
    } catch {
      stream = bytes.toString('latin1');
    }
    objects.set(id, { dictionary, stream });
    header.lastIndex = start + bytes.length;
  }
  return objects;
}

// A target may hold several code units, spaced (<0066 0069> for the glyph of "fi").
const utf16 = (hex: string) =>
  Buffer.from(hex.replace(/\s/g, ''), 'hex').swap16().toString('utf16le');

/** A ToUnicode CMap: each 2-byte glyph code to the text it stands for. */
function unicodeMap(cmap: string): Map<number, string> {
  const codes = new Map<number, string>();
  for (const [, block] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, from, to, target] of block!.matchAll(
      /<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*(\[[^\]]*\]|<[0-9a-f\s]+>)/gi,
    )) {
      const first = parseInt(from!, 16);
      const last = parseInt(to!, 16);
      const targets = [...target!.matchAll(/<([0-9a-f\s]+)>/gi)].map((t) => t[1]!);
      for (let code = first; code <= last; code += 1) {
        if (target!.startsWith('[')) codes.set(code, utf16(targets[code - first] ?? ''));
        else codes.set(code, String.fromCodePoint(parseInt(targets[0]!, 16) + code - first));
      }
    }
  }
  for (const [, block] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, text] of block!.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f\s]+)>/gi)) {
      codes.set(parseInt(code!, 16), utf16(text!));
    }
  }
  return codes;
}

/**
 * The text a PDF shows, one line per text run: each content stream's hex strings, decoded through
 * the current font's ToUnicode map where it has one (embedded fonts write glyph codes), else as
 * Latin-1 (the standard fonts).
 */
export function pdfText(pdf: Buffer): string {
  const objects = pdfObjects(pdf);
  // A font resource's name (/F2) to its glyphs' text, through the font's /ToUnicode stream.
  const fonts = new Map<string, Map<number, string>>();
  for (const { dictionary } of objects.values()) {
    const resources = /\/Font\s*<<([^>]*)>>/.exec(dictionary)?.[1] ?? '';
    for (const [, name, ref] of resources.matchAll(/\/(\w+)\s+(\d+) 0 R/g)) {
      const font = objects.get(Number(ref))?.dictionary ?? '';
      const cmap = /\/ToUnicode (\d+) 0 R/.exec(font)?.[1];
      const stream = cmap ? objects.get(Number(cmap))?.stream : undefined;
      if (stream) fonts.set(name!, unicodeMap(stream));
    }
  }
  const texts: string[] = [];
  for (const { stream } of objects.values()) {
    if (stream === undefined) continue;
    let font: Map<number, string> | undefined;
    for (const op of stream.matchAll(/\/(\w+)\s+[\d.]+\s+Tf|\[(.*?)\]\s*TJ/g)) {
      if (op[1] !== undefined) {
        font = fonts.get(op[1]);
        continue;
      }
      const hex = [...op[2]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('');
      texts.push(
        font
          ? (hex.match(/.{4}/g) ?? []).map((code) => font!.get(parseInt(code, 16)) ?? '').join('')
          : Buffer.from(hex, 'hex').toString('latin1'),
      );
    }
  }
  return texts.join('\n');
}
