import QRCode from 'qrcode';
import { certificateRows, formatRetirementDate, type CertificateDocument } from '../../domain/certificates/certificate-document';
import { renderCertificateHtml } from '../../domain/certificates/render-certificate-html';
import { loadPdfKit } from './load-pdfkit';

/** A PNG QR code of the certificate page URL. */
export function certificateQrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 360, color: { dark: '#064e3b', light: '#ffffff' } });
}

export async function certificateHtml(document: CertificateDocument): Promise<string> {
  const png = await certificateQrPng(document.certificateUrl);
  return renderCertificateHtml(document, `data:image/png;base64,${png.toString('base64')}`);
}

// Characters the PDF standard fonts (WinAnsi) can draw besides Latin-1; anything else becomes '?'.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Text for a standard-font PDF: control characters become spaces, undrawable characters '?'. */
export function toWinAnsi(text: string): string {
  return Array.from(text, (character) => {
    const code = character.codePointAt(0)!;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return ' ';
    if (code <= 0xff || WIN_ANSI_EXTRA.has(character)) return character;
    return '?';
  }).join('');
}

const GREEN = '#047857';
const SLATE = '#475569';

/**
 * The certificate as an A4 landscape PDF: the same rows as the HTML document plus the QR code. pdfkit
 * draws text as text (never markup), so user-written values need no escaping beyond the font's charset.
 */
export async function certificatePdf(document: CertificateDocument): Promise<Buffer> {
  const [qr, PDFDocument] = await Promise.all([certificateQrPng(document.certificateUrl), loadPdfKit()]);
  const pdf = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    // A small bottom margin lets a long reason and the footer still share the first page.
    margins: { top: 48, left: 48, right: 48, bottom: 30 },
    info: { Title: `Retirement Certificate ${document.certificateId}`, Author: 'CarbonLedger', Subject: 'Carbon credit retirement certificate' },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const { width, height } = pdf.page;
  pdf.rect(18, 18, width - 36, height - 36).lineWidth(6).stroke(GREEN);
  pdf.fillColor(GREEN).font('Helvetica-Bold').fontSize(10).text('CARBONLEDGER · CARBON CREDIT RETIREMENT', 48, 44, { characterSpacing: 1.5 });
  pdf.fillColor('#0f172a').font('Times-Bold').fontSize(32).text('Retirement Certificate', 48, 62);
  const tonnes = document.quantityTonnes.toLocaleString('en-US');
  pdf.font('Times-Roman').fontSize(14).text(
    toWinAnsi(`This certifies that ${tonnes} tonnes CO2e of verified carbon credits from ${document.projectName} were permanently retired on behalf of ${document.beneficiary} on ${formatRetirementDate(document.retiredAt)}.`),
    48, 108, { width: 540, lineGap: 2 },
  );
  let y = Math.max(pdf.y + 18, 170);
  const rows = certificateRows(document);
  // A version-2 certificate has up to 18 rows: they are set tighter so that everything stays on one page.
  const [labelSize, valueSize, gap] = rows.length > 13 ? [9.5, 9.5, 3] : [10.5, 11, 8];
  for (const [label, value] of rows) {
    pdf.fillColor(SLATE).font('Helvetica-Bold').fontSize(labelSize).text(label, 48, y, { width: 125 });
    const mono = label === 'SHA-256 digest' || label === 'Chain transaction';
    pdf.fillColor('#0f172a').font(mono ? 'Courier' : 'Helvetica').fontSize(mono ? 8.5 : valueSize).text(toWinAnsi(value), 178, y, { width: 420 });
    y = Math.max(pdf.y, y + valueSize + 2) + gap;
  }
  const qrX = width - 56 - 180;
  pdf.image(qr, qrX, 170, { width: 180, height: 180 });
  pdf.fillColor(SLATE).font('Helvetica').fontSize(9)
    .text('Scan or visit to verify:', qrX - 10, 358, { width: 200, align: 'center' })
    .fillColor(GREEN)
    .text(toWinAnsi(document.certificateUrl), qrX - 10, pdf.y + 2, { width: 200, align: 'center', link: document.certificateUrl });
  pdf.fillColor(SLATE).font('Helvetica').fontSize(8.5).text(
    'One credit equals one tonne of CO2 equivalent. Retired credits can never be transferred or used again. The SHA-256 digest is '
    + 'computed over the canonical JSON of the certificate content; the public certificate page recomputes it to detect any alteration.',
    48, Math.max(y + 10, height - 74), { width: width - 96 },
  );
  pdf.end();
  return finished;
}
