import { inflateSync } from 'node:zlib';

/** The text a PDF shows: inflate each content stream and decode its hex strings. */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (let match = streams.exec(raw); match; match = streams.exec(raw)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      content = match[1]!;
    }
    for (const op of content.matchAll(/\[(.*?)\]\s*TJ/g)) {
      const hex = [...op[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('');
      texts.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return texts.join('\n');
}
