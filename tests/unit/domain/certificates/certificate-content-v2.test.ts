import { describe, expect, it } from 'vitest';
import { canonicalCertificateContent, type CertificateContent, type ClaimContent, type IntegrityContent } from '@/domain/certificates/certificate-content';

const v1: CertificateContent = {
  certificateId: 'CERT-ABCDEFGHIJKLMNOP', beneficiary: 'Northwind', projectName: 'Guatemala Highland Agroforestry', standard: 'verra',
  projectType: 'reforestation', country: 'Guatemala', vintageYear: 2024, quantityTonnes: 40, serialStart: 1, serialEnd: 40,
  serialRange: 'VCS-2250-2024-000001–000040', reason: 'Scope 3 travel', retiredAt: '2026-11-22T03:50:55.123Z',
};
const claim: ClaimContent = { purpose: 'corsia', periodStart: '2026-01-01', periodEnd: '2026-12-31', country: 'DE', subdivision: 'DE-BY' };
const integrity: IntegrityContent = {
  ccpLabel: 'pending', corsia: 'first_phase', article6: 'authorised', correspondingAdjustment: 'applied', category: 'removal',
  bufferPoolPercent: 15, rating: 'A', ratingOnWatch: false, demoData: true,
};
const v2: CertificateContent = { ...v1, version: 2, claim, integrity };

/** Another value of the same kind, so each field is changed on its own. */
function changed(value: unknown): unknown {
  if (typeof value === 'number') return value + 1;
  if (typeof value === 'boolean') return !value;
  if (value === null) return 'x';
  return `${String(value)}x`;
}

describe('version-2 certificate content', () => {
  it('leaves version-1 content and its digest exactly as before (old certificates stay verifiable)', () => {
    expect(canonicalCertificateContent(v1)).toBe(canonicalCertificateContent({ ...v1, version: 1, claim, integrity }));
    expect(JSON.parse(canonicalCertificateContent(v1)).version).toBe(1);
    expect(Object.keys(JSON.parse(canonicalCertificateContent(v1)))).toHaveLength(14);
  });

  it('adds the claim and the frozen labels as sorted flat keys', () => {
    const parsed = JSON.parse(canonicalCertificateContent(v2));
    expect(parsed).toMatchObject({
      version: 2, claimPurpose: 'corsia', claimPeriodStart: '2026-01-01', claimPeriodEnd: '2026-12-31', claimCountry: 'DE', claimSubdivision: 'DE-BY',
      integrityCcpLabel: 'pending', integrityCorsia: 'first_phase', integrityArticle6: 'authorised', integrityCorrespondingAdjustment: 'applied',
      integrityCategory: 'removal', integrityBufferPoolPercent: 15, integrityRating: 'A', integrityRatingOnWatch: false, integrityDemoData: true,
    });
    expect(Object.keys(parsed)).toEqual(Object.keys(parsed).sort());
  });

  it('changes when any claimed field or label changes', () => {
    const base = canonicalCertificateContent(v2);
    for (const [key, value] of Object.entries(claim)) {
      expect(canonicalCertificateContent({ ...v2, claim: { ...claim, [key]: changed(value) } }), `claim.${key}`).not.toBe(base);
    }
    for (const [key, value] of Object.entries(integrity)) {
      expect(canonicalCertificateContent({ ...v2, integrity: { ...integrity, [key]: changed(value) } as IntegrityContent }), `integrity.${key}`).not.toBe(base);
    }
    expect(canonicalCertificateContent({ ...v2, claim: null })).not.toBe(base);
    expect(canonicalCertificateContent({ ...v2, claim: { ...claim, subdivision: null } })).not.toBe(base);
  });
});
