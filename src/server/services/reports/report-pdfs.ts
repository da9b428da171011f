import { csvField } from '../../../domain/exports/to-csv';
import { esrsE17Rows, type EsrsE17Summary } from '../../../domain/reports/esrs-e1-7';
import type { ReportRetirement } from '../../../domain/reports/report-retirement';
import { PENDING_ANCHORING } from '../../../domain/certificates/certificate-document';
import { toWinAnsi } from '../certificate-documents';
import { loadPdfKit } from '../load-pdfkit';

const GREEN = '#047857';
const SLATE = '#475569';
const INK = '#0f172a';

/** A portrait A4 document whose text flows onto new pages by itself; resolves to the finished bytes. */
async function pdfDocument(title: string, draw: (pdf: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const pdf = new PDFDocument({ size: 'A4', margins: { top: 48, left: 48, right: 48, bottom: 48 }, info: { Title: title, Author: 'CarbonLedger' } });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.fillColor(GREEN).font('Helvetica-Bold').fontSize(9).text('CARBONLEDGER', { characterSpacing: 1.5 });
  pdf.fillColor(INK).font('Helvetica-Bold').fontSize(20).text(toWinAnsi(title)).moveDown(0.5);
  draw(pdf);
  pdf.end();
  return finished;
}

/** The ESRS E1-7 summary as a table of the same rows as its CSV file. */
export function esrsE17Pdf(summary: EsrsE17Summary, accountName: string): Promise<Buffer> {
  return pdfDocument('ESRS E1-7 carbon credit summary', (pdf) => {
    pdf.fillColor(SLATE).font('Helvetica').fontSize(10)
      .text(toWinAnsi(`Account: ${accountName} · Period ${summary.period.from} to ${summary.period.to} (UTC days, inclusive)`)).moveDown(1);
    for (const [metric, breakdown, value, unit] of esrsE17Rows(summary)) {
      const y = pdf.y;
      pdf.fillColor(SLATE).font('Helvetica-Bold').fontSize(10).text(toWinAnsi(`${csvField(metric)}${breakdown ? ` · ${csvField(breakdown)}` : ''}`), 48, y, { width: 300 });
      const end = pdf.y;
      pdf.fillColor(INK).font('Helvetica').fontSize(10).text(toWinAnsi(`${csvField(value)} ${csvField(unit)}`), 360, y, { width: 187 });
      pdf.x = 48;
      pdf.y = Math.max(end, pdf.y) + 4;
    }
    pdf.moveDown(1).fillColor(SLATE).font('Helvetica').fontSize(8.5).text(
      'Credits cancelled = tonnes retired in the period. Removal or reduction, corresponding adjustment and CCP label are the labels each unit '
      + 'carried when it was retired, as frozen on its certificate. Shares are of the tonnes cancelled, rounded half up to one decimal.',
      48, pdf.y, { width: 499 },
    );
  });
}

/** Every certificate of the year with serial ranges, chain transactions and claims, then the year's total. */
export function retirementStatementPdf(year: number, retirements: readonly ReportRetirement[], accountName: string): Promise<Buffer> {
  const total = retirements.reduce((sum, row) => sum + row.quantityTonnes, 0);
  return pdfDocument(`Annual retirement statement ${year}`, (pdf) => {
    pdf.fillColor(SLATE).font('Helvetica').fontSize(10)
      .text(toWinAnsi(`Account: ${accountName} · 1 January to 31 December ${year} (UTC)`))
      .text(`${retirements.length} certificates · ${total.toLocaleString('en-US')} tonnes CO2e retired`).moveDown(1);
    if (retirements.length === 0) pdf.fillColor(INK).fontSize(11).text('No retirements in this year.');
    for (const row of retirements) {
      pdf.fillColor(INK).font('Helvetica-Bold').fontSize(10.5)
        .text(toWinAnsi(`${row.certificateId} · ${row.retiredAt.slice(0, 10)} · ${row.quantityTonnes.toLocaleString('en-US')} t CO2e`));
      pdf.font('Helvetica').fontSize(9.5).fillColor(INK)
        .text(toWinAnsi(`${row.projectName} (${row.standardLabel}, vintage ${row.vintageYear}) · beneficiary ${row.beneficiary}`))
        .text(toWinAnsi(`Serial range: ${row.serialRange}`))
        .text(toWinAnsi(`Claim: ${row.purposeLabel ? `${row.purposeLabel}, ${row.periodStart} to ${row.periodEnd}, ${row.jurisdiction}` : 'not stated'}`));
      pdf.font('Courier').fontSize(8.5).fillColor(SLATE).text(`Chain transaction: ${row.chainTxHash ?? PENDING_ANCHORING}`).moveDown(0.6);
    }
    pdf.moveDown(0.5).fillColor(INK).font('Helvetica-Bold').fontSize(11).text(`Total retired in ${year}: ${total.toLocaleString('en-US')} tonnes CO2e`);
  });
}
