/**
 * The text of a PDF as pdf.js reads it (the embedded fonts' ToUnicode maps, so any script), one line per line
 * of the page; pages are separated by a blank line.
 */
export async function pdfText(pdf: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, disableFontFace: true, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
  }
  await document.destroy();
  return pages.join('\n\n');
}

/**
 * The fonts a PDF uses, from its font dictionaries: the BaseFont name and whether a font file is embedded.
 * pdfkit writes dictionaries uncompressed, so they can be read from the bytes.
 */
export function pdfFonts(pdf: Buffer): Array<{ baseFont: string; embedded: boolean }> {
  const source = pdf.toString('latin1');
  const descriptors = new Map<string, boolean>();
  for (const match of source.matchAll(/\/Type \/FontDescriptor[\s\S]*?\/FontName \/([^\s/>]+)[\s\S]*?>>/g)) {
    descriptors.set(match[1], /\/FontFile[23]? \d+ 0 R/.test(match[0]));
  }
  const fonts: Array<{ baseFont: string; embedded: boolean }> = [];
  for (const match of source.matchAll(/\/Type \/Font\b[\s\S]*?\/BaseFont \/([^\s/>]+)/g)) {
    fonts.push({ baseFont: match[1], embedded: descriptors.get(match[1]) ?? false });
  }
  return fonts;
}
