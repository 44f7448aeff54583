import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows: inflate each content stream and decode its hex strings. A stream is cut
 * by its dictionary's /Length, not by searching for "endstream": compressed bytes may end in a
 * carriage return, which a search would take for the line break before the keyword.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  const streams = /\/Length (\d+)\b[^>]*>>\s*stream\r?\n/g;
  for (let match = streams.exec(raw); match; match = streams.exec(raw)) {
    const start = match.index + match[0].length;
    const bytes = pdf.subarray(start, start + Number(match[1]));
    let content: string;
    try {
      content = inflateSync(bytes).toString('latin1');
    } catch {
      content = bytes.toString('latin1');
    }
    for (const op of content.matchAll(/\[(.*?)\]\s*TJ/g)) {
      const hex = [...op[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('');
      texts.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return texts.join('\n');
}
