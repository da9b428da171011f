import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '@/domain/certificates/escape-html';
import { certificateRows, formatRetirementDate, type CertificateDocument } from '@/domain/certificates/certificate-document';
import { renderCertificateHtml } from '@/domain/certificates/render-certificate-html';

const document: CertificateDocument = {
  certificateId: 'CERT-ABCDEFGHIJKLMNOP',
  beneficiary: 'Acme & Sons',
  projectName: 'Gazi Bay Mangrove Restoration',
  standard: 'gold_standard',
  standardLabel: 'Gold Standard',
  projectType: 'reforestation',
  projectTypeLabel: 'Reforestation',
  country: 'Kenya',
  vintageYear: 2022,
  quantityTonnes: 1250,
  serialStart: 1,
  serialEnd: 1250,
  serialRange: 'GS-7311-2022-000001–001250',
  reason: '<img src=x onerror=alert(1)>',
  retiredAt: '2026-11-22T03:50:55.123Z',
  chainTxHash: null,
  digest: 'a'.repeat(64),
  certificateUrl: 'https://carbon.example/certificates/CERT-ABCDEFGHIJKLMNOP',
};

describe('escapeHtml', () => {
  it('escapes the five HTML specials and the backtick', () => {
    expect(escapeHtml(`<a href="x" title='y'>&\`</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&#96;&lt;/a&gt;');
  });

  it('leaves no markup character in any string', () => {
    fc.assert(fc.property(fc.string(), (text) => {
      expect(escapeHtml(text)).not.toMatch(/[<>"'`]/);
    }));
  });
});

describe('renderCertificateHtml', () => {
  const html = renderCertificateHtml(document, 'data:image/png;base64,AAAA');

  it('shows user text as text: the reason never becomes an element', () => {
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('Acme &amp; Sons');
  });

  it('has no scripts or event handlers', () => {
    expect(html).not.toMatch(/<script/i);
    // No tag carries an event-handler attribute (the escaped reason text may mention one, as text).
    expect(html).not.toMatch(/<[^>]*\son\w+=/i);
  });

  it('contains every row, the QR code, the link and the pending chain transaction', () => {
    for (const [label] of certificateRows(document)) expect(html).toContain(`<th scope="row">${label}</th>`);
    expect(html).toContain('<img src="data:image/png;base64,AAAA"');
    expect(html).toContain(`href="${document.certificateUrl}"`);
    expect(html).toContain('Pending anchoring');
    expect(html).toContain('1,250 tonnes CO2e');
    expect(html).toContain('22 November 2026, 03:50 UTC');
  });

  it('shows the chain transaction once it exists', () => {
    const anchored = renderCertificateHtml({ ...document, chainTxHash: `0x${'b'.repeat(64)}` }, 'data:image/png;base64,AAAA');
    expect(anchored).toContain(`0x${'b'.repeat(64)}`);
    expect(anchored).not.toContain('Pending anchoring');
  });

  it('escapes hostile text in every user-written field', () => {
    fc.assert(fc.property(fc.string(), fc.string(), (beneficiary, reason) => {
      const out = renderCertificateHtml({ ...document, beneficiary: `<b>${beneficiary}`, reason: `<i>${reason}` }, 'data:,');
      expect(out).not.toContain('<b>');
      expect(out).not.toContain('<i>');
    }), { numRuns: 50 });
  });
});

describe('formatRetirementDate', () => {
  it('formats in UTC and passes through what it cannot parse', () => {
    expect(formatRetirementDate('2026-01-05T23:07:00.000Z')).toBe('5 January 2026, 23:07 UTC');
    expect(formatRetirementDate('not a date')).toBe('not a date');
  });
});
