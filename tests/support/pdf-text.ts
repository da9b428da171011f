import { inflateSync } from 'node:zlib';

/**
 * The text a pdfkit document draws with its standard fonts, one line per text object: the content streams are
 * inflated and the hex strings of each TJ array decoded as WinAnsi (close enough to Latin-1 for assertions).
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const lines: string[] = [];
  for (const match of source.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1], 'latin1')).toString('latin1');
    } catch {
      continue; // An image or font stream that is not deflated text.
    }
    for (const array of content.matchAll(/\[((?:<[0-9a-f]*>|\s|-?[\d.]+)*)\]\s*TJ/g)) {
      lines.push([...array[1].matchAll(/<([0-9a-f]*)>/g)].map((hex) => Buffer.from(hex[1], 'hex').toString('latin1')).join(''));
    }
  }
  return lines.join('\n');
}
