import { tonnesCo2e } from '@/domain/format/units';
import { certificateRows, formatRetirementDate, retirementParties, type CertificateDocument } from './certificate-document';
import { escapeHtml } from './escape-html';

const STYLES = `
@page { size: A4 landscape; margin: 12mm; }
* { box-sizing: border-box; }
body { margin: 0; font-family: Georgia, 'Times New Roman', serif; color: #0f172a; background: #f8fafc; }
.sheet { max-width: 1000px; margin: 24px auto; background: #fff; border: 10px solid #047857; outline: 2px solid #a7f3d0; outline-offset: -18px; padding: 40px 48px; }
.brand { font: 600 13px/1.2 system-ui, sans-serif; letter-spacing: .18em; text-transform: uppercase; color: #047857; }
h1 { font-size: 34px; margin: 8px 0 4px; }
.lead { font-size: 18px; margin: 18px 0 26px; line-height: 1.5; overflow-wrap: anywhere; }
.lead strong { font-size: 22px; }
.grid { display: flex; gap: 32px; align-items: flex-start; }
table { border-collapse: collapse; flex: 1; font: 14px/1.45 system-ui, sans-serif; }
th { text-align: left; color: #475569; font-weight: 600; padding: 6px 16px 6px 0; vertical-align: top; white-space: nowrap; }
td { padding: 6px 0; overflow-wrap: anywhere; }
td.mono { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12px; }
.qr { text-align: center; font: 12px/1.4 system-ui, sans-serif; color: #475569; width: 190px; }
.qr img { width: 170px; height: 170px; display: block; margin: 0 auto 6px; }
.qr a { word-break: break-all; color: #047857; }
.verified { display: inline-block; margin-top: 8px; padding: 3px 10px; border-radius: 999px; background: #ecfdf5; color: #065f46; font: 600 12px system-ui, sans-serif; }
footer { margin-top: 28px; font: 12px/1.5 system-ui, sans-serif; color: #64748b; overflow-wrap: anywhere; }
@media (max-width: 700px) { .sheet { padding: 24px; border-width: 6px; margin: 0; } .grid { flex-direction: column; } .qr { width: auto; } }
@media print { body { background: #fff; } .sheet { margin: 0; max-width: none; } }
`;

const MONO_LABELS = new Set(['Certificate ID', 'Serial range', 'Chain transaction', 'SHA-256 digest']);

/**
 * The standalone, printable certificate: the file the Print window shows and the one Download saves.
 * Every value is escaped, so user-written text (beneficiary, reason) appears as text and never as markup;
 * the document has no scripts. `qrDataUrl` is a `data:image/png;base64,…` QR code of the certificate URL.
 */
export function renderCertificateHtml(document: CertificateDocument, qrDataUrl: string): string {
  const rows = certificateRows(document)
    .map(([label, value]) => `<tr><th scope="row">${escapeHtml(label)}</th><td${MONO_LABELS.has(label) ? ' class="mono"' : ''}>${escapeHtml(value)}</td></tr>`)
    .join('\n');
  const parties = retirementParties(document).map(({ text, strong }) => (strong ? `<strong>${escapeHtml(text)}</strong>` : escapeHtml(text))).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Retirement Certificate ${escapeHtml(document.certificateId)}</title>
<style>${STYLES}</style>
</head>
<body>
<main class="sheet">
<div class="brand">CarbonLedger · Carbon Credit Retirement</div>
<h1>Retirement Certificate</h1>
<span class="verified">Verified retirement · ${escapeHtml(document.certificateId)}</span>
<p class="lead">This certifies that <strong>${escapeHtml(tonnesCo2e(document.quantityTonnes))}</strong> of verified carbon credits from
<strong>${escapeHtml(document.projectName)}</strong> were permanently retired ${parties} on ${escapeHtml(formatRetirementDate(document.retiredAt))}.</p>
<div class="grid">
<table>
${rows}
</table>
<div class="qr">
<img src="${escapeHtml(qrDataUrl)}" alt="QR code linking to the certificate page">
Scan or visit<br><a href="${escapeHtml(document.certificateUrl)}">${escapeHtml(document.certificateUrl)}</a>
</div>
</div>
<footer>One credit equals one tonne of CO2 equivalent. Retired credits can never be transferred or used again.
The SHA-256 digest is computed over the canonical JSON of the certificate content; the public certificate page
recomputes it to detect any alteration.</footer>
</main>
</body>
</html>
`;
}
