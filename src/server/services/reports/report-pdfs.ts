import { esrsE17LabelledRows, type EsrsE17Summary } from '@/domain/reports/esrs-e1-7';
import type { ReportRetirement } from '@/domain/reports/report-retirement';
import { PENDING_ANCHORING } from '@/domain/certificates/certificate-document';
import { pluralize, tonnesCo2e } from '@/domain/format/units';
import { newPdfDocument, type PdfWriter } from '@/server/services/pdf-document';

const GREEN = '#047857';
const SLATE = '#475569';
const INK = '#0f172a';

/** A portrait A4 document whose text flows onto new pages by itself; resolves to the finished bytes. */
async function pdfDocument(title: string, draw: (writer: PdfWriter) => void): Promise<Buffer> {
  const writer = await newPdfDocument({ size: 'A4', margins: { top: 48, left: 48, right: 48, bottom: 48 }, info: { Title: title, Author: 'CarbonLedger' } });
  writer.pdf.fillColor(GREEN).fontSize(9);
  writer.text('CARBONLEDGER', 'bold', undefined, undefined, { characterSpacing: 1.5 });
  writer.pdf.fillColor(INK).fontSize(20);
  writer.text(title, 'bold').moveDown(0.5);
  draw(writer);
  return writer.finish();
}

/** The ESRS E1-7 summary as a table of the same rows as its CSV file, in words rather than the CSV's keys. */
export function esrsE17Pdf(summary: EsrsE17Summary, accountName: string): Promise<Buffer> {
  return pdfDocument('ESRS E1-7 carbon credit summary', (writer) => {
    const { pdf } = writer;
    pdf.fillColor(SLATE).fontSize(10);
    writer.text(`Account: ${accountName} · Period ${summary.period.from} to ${summary.period.to} (UTC days, inclusive)`, 'regular').moveDown(1);
    for (const [label, value] of esrsE17LabelledRows(summary)) {
      const y = pdf.y;
      pdf.fillColor(SLATE).fontSize(10);
      writer.text(label, 'bold', 48, y, { width: 300 });
      const end = pdf.y;
      pdf.fillColor(INK).fontSize(10);
      writer.text(value, 'regular', 360, y, { width: 187 });
      pdf.x = 48;
      pdf.y = Math.max(end, pdf.y) + 4;
    }
    pdf.moveDown(1).fillColor(SLATE).fontSize(8.5);
    writer.text(
      'Credits cancelled = tonnes retired in the period. Removal or reduction, corresponding adjustment and CCP label are the labels each unit '
      + 'carried when it was retired, as frozen on its certificate. Shares are of the tonnes cancelled, rounded half up to one decimal.',
      'regular', 48, pdf.y, { width: 499 },
    );
  });
}

/** Every certificate of the year with serial ranges, chain transactions and claims, then the year's total. */
export function retirementStatementPdf(year: number, retirements: readonly ReportRetirement[], accountName: string): Promise<Buffer> {
  const total = retirements.reduce((sum, row) => sum + row.quantityTonnes, 0);
  return pdfDocument(`Annual retirement statement ${year}`, (writer) => {
    const { pdf } = writer;
    pdf.fillColor(SLATE).fontSize(10);
    writer.text(`Account: ${accountName} · 1 January to 31 December ${year} (UTC)`, 'regular');
    writer.text(`${pluralize(retirements.length, 'certificate')} · ${tonnesCo2e(total)} retired`, 'regular').moveDown(1);
    if (retirements.length === 0) {
      pdf.fillColor(INK).fontSize(11);
      writer.text('No retirements in this year.', 'regular');
    }
    for (const row of retirements) {
      pdf.fillColor(INK).fontSize(10.5);
      writer.text(`${row.certificateId} · ${row.retiredAt.slice(0, 10)} · ${tonnesCo2e(row.quantityTonnes)}`, 'bold');
      pdf.fontSize(9.5).fillColor(INK);
      writer.text(`${row.projectName} (${row.standardLabel}, vintage ${row.vintageYear}) · beneficiary ${row.beneficiary}`, 'regular');
      writer.text(`Serial range: ${row.serialRange}`, 'regular');
      writer.text(`Claim: ${row.purposeLabel ? `${row.purposeLabel}, ${row.periodStart} to ${row.periodEnd}, ${row.jurisdiction}` : 'not stated'}`, 'regular');
      pdf.fontSize(8.5).fillColor(SLATE);
      writer.text(`Chain transaction: ${row.chainTxHash ?? PENDING_ANCHORING}`, 'regular').moveDown(0.6);
    }
    pdf.moveDown(0.5).fillColor(INK).fontSize(11);
    writer.text(`Total retired in ${year}: ${tonnesCo2e(total)}`, 'bold');
  });
}
