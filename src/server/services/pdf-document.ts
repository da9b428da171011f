import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadPdfKit } from './load-pdfkit';

/**
 * The one font setup of every PDF the app draws (certificates, ESRS E1-7, the annual statement). pdfkit's standard
 * fonts know only Windows-1252 and are never embedded, so a beneficiary `Łódź … Ελλάς 東京電力` came out as `?`.
 * Noto Sans (Latin, Greek, Cyrillic) and Noto Sans JP (CJK) — both OFL, shipped in npm packages — are embedded as
 * subsets by pdfkit (fontkit), so a document carries only the glyphs it uses. Each run of text goes to the first
 * font that has its characters.
 */
const require = createRequire(import.meta.url);
const fontkit = require('fontkit') as { create(buffer: Buffer): { hasGlyphForCodePoint(codePoint: number): boolean } };

export type PdfWeight = 'regular' | 'bold';

const FONT_FILES = {
  'Sans': '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  'Sans-Bold': '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  'CJK': '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  'CJK-Bold': '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
} as const;
type FontName = keyof typeof FONT_FILES;

const files = new Map<FontName, Buffer>();
let sans: { hasGlyphForCodePoint(codePoint: number): boolean } | null = null;
const covered = new Map<number, boolean>();

/** A font file, read once per process when a document first needs it (the CJK faces only for CJK text: 5.5 MB each). */
function fontFile(name: FontName): Buffer {
  let file = files.get(name);
  if (!file) files.set(name, file = readFileSync(require.resolve(FONT_FILES[name])));
  return file;
}

/** Whether Noto Sans draws a code point (the same for both weights). */
function sansHas(codePoint: number): boolean {
  let has = covered.get(codePoint);
  if (has === undefined) {
    sans ??= fontkit.create(fontFile('Sans'));
    covered.set(codePoint, has = sans.hasGlyphForCodePoint(codePoint));
  }
  return has;
}

/** Control characters (a pasted tab or line break in a one-line value) become spaces. */
function printable(text: string): string {
  return text.replace(/\p{Cc}/gu, ' ');
}

/** Splits text into runs that one font draws: Noto Sans where it has the glyph, Noto Sans JP for the rest. */
export function fontRuns(text: string, weight: PdfWeight): Array<{ font: FontName; text: string }> {
  const runs: Array<{ font: FontName; text: string }> = [];
  for (const character of printable(text)) {
    const codePoint = character.codePointAt(0)!;
    // Spaces stay with the run they are in, so a line of CJK is not cut into one run per word.
    const sans = character === ' ' && runs.length > 0 ? runs[runs.length - 1].font.startsWith('Sans') : sansHas(codePoint);
    const font: FontName = sans ? (weight === 'bold' ? 'Sans-Bold' : 'Sans') : (weight === 'bold' ? 'CJK-Bold' : 'CJK');
    const last = runs[runs.length - 1];
    if (last && last.font === font) last.text += character;
    else runs.push({ font, text: character });
  }
  return runs.length > 0 ? runs : [{ font: weight === 'bold' ? 'Sans-Bold' : 'Sans', text: '' }];
}

export interface PdfWriter {
  pdf: PDFKit.PDFDocument;
  /** Draws text at (x, y) — or where the last text ended — in the document's fonts; returns the document to chain. */
  text(text: string, weight: PdfWeight, x?: number, y?: number, options?: PDFKit.Mixins.TextOptions): PDFKit.PDFDocument;
  /** Ends the document; resolves to its bytes. */
  finish(): Promise<Buffer>;
}

/** A new pdfkit document with the fonts registered, collecting its bytes. */
export async function newPdfDocument(options: PDFKit.PDFDocumentOptions): Promise<PdfWriter> {
  const PDFDocument = await loadPdfKit();
  const pdf = new PDFDocument(options);
  const registered = new Set<FontName>();
  const useFont = (name: FontName) => {
    if (!registered.has(name)) pdf.registerFont(name, fontFile(name));
    registered.add(name);
    pdf.font(name);
  };
  useFont('Sans');
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  return {
    pdf,
    text(text, weight, x, y, textOptions = {}) {
      const runs = fontRuns(text, weight);
      runs.forEach((run, index) => {
        const continued = index < runs.length - 1 || textOptions.continued === true;
        useFont(run.font);
        if (index === 0 && x !== undefined) pdf.text(run.text, x, y, { ...textOptions, continued });
        else pdf.text(run.text, { ...textOptions, continued });
      });
      return pdf;
    },
    finish() {
      pdf.end();
      return finished;
    },
  };
}
