import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { create, type Font } from 'fontkit';

/**
 * The PDFs' typefaces, embedded (only the glyphs a document uses). pdfkit's standard Helvetica
 * writes Latin-1 alone, so a name such as Łukasz, Ωmega or Дмитрий came out garbled. DejaVu Sans
 * covers the Latin, Greek, Cyrillic, Hebrew, Arabic, Armenian, Georgian and Lao scripts; what it
 * lacks, a Chinese or Japanese name such as 李小龍 or 山田太郎, is drawn in Noto Sans CJK (its
 * Simplified Chinese set, which holds the traditional characters and kana too), a Korean one such
 * as 김민준 in Noto Sans KR, and Thai, the Indic scripts, Sinhala, Ethiopic, Khmer and
 * Myanmar (สมชาย, राजेश, செல்வம், አበበ) each in its Noto Sans, shaped by fontkit.
 */
export const PDF_FONT = { body: 'Body', bold: 'Bold' } as const;
type Role = (typeof PDF_FONT)[keyof typeof PDF_FONT];
const ROLES: readonly string[] = Object.values(PDF_FONT);

const require = createRequire(import.meta.url);
/** A font file of one of the @embedpdf/fonts-* packages. */
const notoFile = (fontPackage: string, file: string) =>
  join(dirname(require.resolve(fontPackage)), '..', 'fonts', file);

/** Scripts with a Noto Sans of their own in the @fontsource/noto-sans-<script> packages. */
const SCRIPTS = [
  'thai',
  'devanagari',
  'bengali',
  'gurmukhi',
  'gujarati',
  'tamil',
  'telugu',
  'kannada',
  'malayalam',
  'sinhala',
  'ethiopic',
  'khmer',
  'myanmar',
] as const;
/** A script's font file of one weight: the package's subset of that script alone (WOFF). */
const scriptFile = (script: (typeof SCRIPTS)[number], weight: 400 | 700) =>
  join(
    dirname(require.resolve(`@fontsource/noto-sans-${script}/LICENSE`)),
    'files',
    `noto-sans-${script}-${script}-${weight}-normal.woff`,
  );

/** Each role's font files, in the order a character is looked for in them. */
const FACES: Record<Role, string[]> = {
  [PDF_FONT.body]: [
    require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
    notoFile('@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf'),
    notoFile('@embedpdf/fonts-kr', 'NotoSansKR-Regular.otf'),
    ...SCRIPTS.map((script) => scriptFile(script, 400)),
  ],
  [PDF_FONT.bold]: [
    require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
    notoFile('@embedpdf/fonts-sc', 'NotoSansHans-Bold.otf'),
    notoFile('@embedpdf/fonts-kr', 'NotoSansKR-Bold.otf'),
    ...SCRIPTS.map((script) => scriptFile(script, 700)),
  ],
};
/** The name a role's font is registered under in a document: Body, then Body 2, … */
const faceName = (role: Role, index: number) => (index === 0 ? role : `${role} ${index + 1}`);

/**
 * Each font file read and parsed once per process: pdfkit takes the parsed font, so a document
 * does not parse it again. Parsed for each document, a direct deposit form took about 130 ms of
 * the event loop, and 380 ms with a Chinese name (Noto Sans CJK is 8 MB); now 50 ms and 200 ms.
 */
const parsed = new Map<string, Font>();
function fontOf(file: string): Font {
  let font = parsed.get(file);
  if (!font) {
    const opened = create(readFileSync(file));
    font = 'fonts' in opened ? opened.fonts[0]! : opened;
    parsed.set(file, font);
  }
  return font;
}
/** Whether the file's font has a glyph for the character. */
const hasGlyph = (file: string, codePoint: number) => fontOf(file).hasGlyphForCodePoint(codePoint);

/** Text the first font of every role draws whole: Latin, Greek and Cyrillic. */
const FIRST_FACE_ONLY = /^[\t\n\r\u0020-\u052f\u2000-\u206f\u20a0-\u20bf]*$/;
/** Spaces and punctuation stay in the font of the text around them when it has them. */
const NEUTRAL = /[\p{Z}\p{P}]/u;

/**
 * The text cut into runs, each drawn in one of the role's fonts: a character in the first font
 * that has it, a space or a punctuation mark in the run it follows, and one no font has in the
 * first (which draws its empty box).
 */
export function fontRuns(text: string, role: Role): { font: string; text: string }[] {
  if (FIRST_FACE_ONLY.test(text)) return [{ font: role, text }];
  const files = FACES[role];
  const runs: { index: number; text: string }[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    const current = runs.at(-1);
    let index =
      current && NEUTRAL.test(char) && hasGlyph(files[current.index]!, codePoint)
        ? current.index
        : files.findIndex((file) => hasGlyph(file, codePoint));
    if (index === -1) index = 0;
    if (current?.index === index) current.text += char;
    else runs.push({ index, text: char });
  }
  return runs.map((run) => ({ font: faceName(role, run.index), text: run.text }));
}

type TextArgs = [
  x?: number | PDFKit.Mixins.TextOptions,
  y?: number,
  options?: PDFKit.Mixins.TextOptions,
];

/**
 * A new PDF document whose `text` and `heightOfString` draw and measure each run of a text in the
 * current role's font that has its glyphs (`doc.font(PDF_FONT.body)` and `.bold` choose the role).
 * pdfkit (with its font tables) is loaded when the first document is drawn: most of the bank's
 * processes never draw one, and loaded at start it stayed on each one's heap, for every full
 * garbage collection to walk.
 */
export async function newPdfDocument(
  options: PDFKit.PDFDocumentOptions,
): Promise<PDFKit.PDFDocument> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument(options);
  // The fonts a text falls back to are read (megabytes) when a document first needs one.
  const files = new Map<string, string>();
  for (const [role, faces] of Object.entries(FACES) as [Role, string[]][]) {
    faces.forEach((file, index) => files.set(faceName(role, index), file));
  }
  const registered = new Set<string>();
  const register = (name: string) => {
    if (registered.has(name) || !files.has(name)) return;
    // pdfkit embeds a parsed fontkit font as it does its bytes (its types name only the bytes).
    doc.registerFont(name, fontOf(files.get(name)!) as unknown as Buffer);
    registered.add(name);
  };
  ROLES.forEach(register);
  let role: Role = PDF_FONT.body;
  const chooseFont = doc.font.bind(doc) as (name: string, ...rest: unknown[]) => PDFKit.PDFDocument;
  const setFont = (name: string) => {
    register(name);
    return chooseFont(name);
  };
  const draw = doc.text.bind(doc) as (text: string, ...rest: TextArgs) => PDFKit.PDFDocument;
  const measure = doc.heightOfString.bind(doc);

  doc.font = ((name: string, ...rest: unknown[]) => {
    if (ROLES.includes(name)) role = name as Role;
    return chooseFont(name, ...rest);
  }) as typeof doc.font;

  doc.text = ((text: string | number, ...rest: TextArgs) => {
    const runs = fontRuns(String(text), role);
    if (runs.length === 1 && runs[0]!.font === role) return draw(String(text), ...rest);
    const [x, y, given] = typeof rest[0] === 'object' ? [undefined, undefined, rest[0]] : rest;
    // A line is as tall as the font it ends in makes it; Noto's (1.5 em) is as tall as DejaVu's.
    const lineHeight = doc.currentLineHeight(true);
    runs.forEach((run, i) => {
      setFont(run.font);
      const options = {
        ...given,
        continued: i < runs.length - 1 || Boolean(given?.continued),
        lineGap: (given?.lineGap ?? 0) + lineHeight - doc.currentLineHeight(true),
      };
      if (i === 0 && x !== undefined) draw(run.text, x, y, options);
      else draw(run.text, options);
    });
    return setFont(role);
  }) as typeof doc.text;

  // A text in two fonts is as tall as the taller of them would draw it.
  doc.heightOfString = ((text: string, options?: PDFKit.Mixins.TextOptions) => {
    const fonts = new Set(fontRuns(text, role).map((run) => run.font));
    if (fonts.size === 1 && fonts.has(role)) return measure(text, options);
    const heights = [...fonts].map((font) => {
      setFont(font);
      return measure(text, options);
    });
    setFont(role);
    return Math.max(...heights);
  }) as typeof doc.heightOfString;

  return doc.font(PDF_FONT.body);
}

/** The bytes a PDF document writes, once it has ended (call before `doc.end()`). */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
