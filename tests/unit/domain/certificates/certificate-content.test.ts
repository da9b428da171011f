import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalCertificateContent, canonicalJson, isSha256Hex, type CertificateContent } from '@/domain/certificates/certificate-content';
import { formatCertificateId, normaliseCertificateId } from '@/domain/certificates/certificate-id';

const content: CertificateContent = {
  certificateId: 'CERT-ABCDEFGHIJKLMNOP',
  beneficiary: 'Northwind "Logistics"',
  projectName: 'Amazon Rainforest Conservation',
  standard: 'verra',
  projectType: 'reforestation',
  country: 'Brazil',
  vintageYear: 2021,
  quantityTonnes: 40,
  serialStart: 1,
  serialEnd: 40,
  serialRange: 'VCS-1094-2021-000001–000040',
  reason: 'Carbon Neutrality Goal',
  retiredAt: '2026-11-22T03:50:55.123Z',
};

describe('canonicalCertificateContent', () => {
  it('is sorted-key JSON without whitespace, with a version', () => {
    expect(canonicalCertificateContent(content)).toBe(
      '{"beneficiary":"Northwind \\"Logistics\\"","certificateId":"CERT-ABCDEFGHIJKLMNOP","country":"Brazil",'
      + '"projectName":"Amazon Rainforest Conservation","projectType":"reforestation","quantityTonnes":40,'
      + '"reason":"Carbon Neutrality Goal","retiredAt":"2026-11-22T03:50:55.123Z","serialEnd":40,'
      + '"serialRange":"VCS-1094-2021-000001–000040","serialStart":1,"standard":"verra","version":1,"vintageYear":2021}',
    );
  });

  it('gives a known SHA-256 digest', () => {
    const digest = createHash('sha256').update(canonicalCertificateContent(content), 'utf8').digest('hex');
    expect(isSha256Hex(digest)).toBe(true);
    expect(digest).toBe(createHash('sha256').update(JSON.stringify({ ...sortedRecord() }), 'utf8').digest('hex'));
  });

  it('does not depend on the order the fields were given in', () => {
    const reversed = Object.fromEntries(Object.entries(content).reverse()) as unknown as CertificateContent;
    expect(canonicalCertificateContent(reversed)).toBe(canonicalCertificateContent(content));
  });

  it('changes when any field changes', () => {
    const base = canonicalCertificateContent(content);
    for (const [key, value] of Object.entries(content)) {
      const changed = { ...content, [key]: typeof value === 'number' ? value + 1 : `${value}x` };
      expect(canonicalCertificateContent(changed), key).not.toBe(base);
    }
  });

  it('refuses non-integer quantities', () => {
    expect(() => canonicalCertificateContent({ ...content, quantityTonnes: 1.5 })).toThrow(RangeError);
  });

  it('round-trips through JSON.parse for any text', () => {
    fc.assert(fc.property(fc.string(), fc.string(), (beneficiary, reason) => {
      const parsed = JSON.parse(canonicalCertificateContent({ ...content, beneficiary, reason }));
      expect(parsed.beneficiary).toBe(beneficiary);
      expect(parsed.reason).toBe(reason);
      expect(Object.keys(parsed)).toEqual(Object.keys(parsed).sort());
    }));
  });

  it('canonicalJson sorts keys', () => {
    expect(canonicalJson({ b: 1, a: 'x', c: null })).toBe('{"a":"x","b":1,"c":null}');
  });
});

function sortedRecord() {
  const record: Record<string, unknown> = { ...content, version: 1 };
  return Object.fromEntries(Object.keys(record).sort().map((key) => [key, record[key]]));
}

describe('certificate ids', () => {
  it('are CERT- and 16 base32 characters from 10 random bytes', () => {
    expect(formatCertificateId(new Uint8Array(10))).toBe('CERT-AAAAAAAAAAAAAAAA');
    expect(formatCertificateId(new Uint8Array(10).fill(255))).toBe('CERT-7777777777777777');
    // RFC 4648 test vector: "fooba" → MZXW6YTB.
    expect(formatCertificateId(new Uint8Array([...Buffer.from('foobafooba')]))).toBe('CERT-MZXW6YTBMZXW6YTB');
  });

  it('refuse the wrong number of bytes', () => {
    expect(() => formatCertificateId(new Uint8Array(8))).toThrow(RangeError);
  });

  it('are recognised in any case, and nothing else is', () => {
    expect(normaliseCertificateId(' cert-mzxw6ytbmzxw6ytb ')).toBe('CERT-MZXW6YTBMZXW6YTB');
    expect(normaliseCertificateId('CERT-123')).toBeNull();
    expect(normaliseCertificateId('VCS-1094-2021-000001')).toBeNull();
  });
});
