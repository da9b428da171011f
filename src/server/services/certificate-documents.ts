import QRCode from 'qrcode';
import { certificateRows, formatRetirementDate, retirementParties, type CertificateDocument } from '@/domain/certificates/certificate-document';
import { renderCertificateHtml } from '@/domain/certificates/render-certificate-html';
import { tonnesCo2e } from '@/domain/format/units';
import { newPdfDocument } from './pdf-document';

/** A PNG QR code of the certificate page URL. */
export function certificateQrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 360, color: { dark: '#064e3b', light: '#ffffff' } });
}

export async function certificateHtml(document: CertificateDocument): Promise<string> {
  const png = await certificateQrPng(document.certificateUrl);
  return renderCertificateHtml(document, `data:image/png;base64,${png.toString('base64')}`);
}

const GREEN = '#047857';
const SLATE = '#475569';

/**
 * The certificate as an A4 landscape PDF: the same rows as the HTML document plus the QR code. pdfkit draws
 * text as text (never markup), in the embedded fonts of pdf-document.ts, so any script prints as written.
 */
export async function certificatePdf(document: CertificateDocument): Promise<Buffer> {
  const [qr, writer] = await Promise.all([certificateQrPng(document.certificateUrl), newPdfDocument({
    size: 'A4',
    layout: 'landscape',
    // A small bottom margin lets a long reason and the footer still share the first page.
    margins: { top: 48, left: 48, right: 48, bottom: 30 },
    info: { Title: `Retirement Certificate ${document.certificateId}`, Author: 'CarbonLedger', Subject: 'Carbon credit retirement certificate' },
  })]);
  const { pdf } = writer;
  const { width, height } = pdf.page;
  pdf.rect(18, 18, width - 36, height - 36).lineWidth(6).stroke(GREEN);
  pdf.fillColor(GREEN).fontSize(10);
  writer.text('CARBONLEDGER · CARBON CREDIT RETIREMENT', 'bold', 48, 42, { characterSpacing: 1.5 });
  pdf.fillColor('#0f172a').fontSize(30);
  writer.text('Retirement Certificate', 'bold', 48, 58);
  pdf.fontSize(13.5);
  writer.text(
    `This certifies that ${tonnesCo2e(document.quantityTonnes)} of verified carbon credits from ${document.projectName} were permanently retired ${retirementParties(document).map(({ text }) => text).join('')} on ${formatRetirementDate(document.retiredAt)}.`,
    'regular', 48, 108, { width: 540, lineGap: 1 },
  );
  let y = Math.max(pdf.y + 14, 170);
  const rows = certificateRows(document);
  // A version-2 certificate has up to 18 rows: they are set tighter so that everything stays on one page.
  const [labelSize, valueSize, gap] = rows.length > 13 ? [9, 9, 2] : [10, 10.5, 6];
  for (const [label, value] of rows) {
    pdf.fillColor(SLATE).fontSize(labelSize);
    writer.text(label, 'bold', 48, y, { width: 125 });
    const hash = label === 'SHA-256 digest' || label === 'Chain transaction';
    pdf.fillColor('#0f172a').fontSize(hash ? 8 : valueSize);
    writer.text(value, 'regular', 178, y, { width: 420 });
    y = Math.max(pdf.y, y + valueSize + 2) + gap;
  }
  const qrX = width - 56 - 180;
  pdf.image(qr, qrX, 170, { width: 180, height: 180 });
  pdf.fillColor(SLATE).fontSize(9);
  writer.text('Scan or visit to verify:', 'regular', qrX - 10, 358, { width: 200, align: 'center' });
  pdf.fillColor(GREEN);
  writer.text(document.certificateUrl, 'regular', qrX - 10, pdf.y + 2, { width: 200, align: 'center', link: document.certificateUrl });
  pdf.fillColor(SLATE).fontSize(8);
  writer.text(
    'One credit equals one tonne of CO2 equivalent. Retired credits can never be transferred or used again. The SHA-256 digest is '
    + 'computed over the canonical JSON of the certificate content; the public certificate page recomputes it to detect any alteration.',
    'regular', 48, Math.max(y + 8, height - 70), { width: width - 96 },
  );
  return writer.finish();
}
