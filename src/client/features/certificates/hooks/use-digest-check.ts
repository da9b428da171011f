import { useEffect, useState } from 'react';
import { canonicalCertificateContent } from '@/domain/certificates/certificate-content';
import type { Certificate } from '@/shared/schemas/certificate';

export type DigestCheck = 'checking' | 'match' | 'mismatch' | 'unavailable';

async function sha256Hex(text: string): Promise<string> {
  const bytes = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Recomputes the certificate's SHA-256 digest in the browser (Web Crypto) from the fields it shows, so a
 * certificate altered anywhere between the registry and the screen does not show as verified. Web Crypto
 * needs a secure context (HTTPS or localhost); elsewhere the check is "unavailable" and the server's word stands.
 */
export function useDigestCheck(certificate: Certificate | null | undefined): DigestCheck {
  // The answer is kept with the certificate it is about: another certificate is 'checking' until its own arrives.
  const [checked, setChecked] = useState<{ certificate: Certificate; check: DigestCheck } | null>(null);
  const available = Boolean(globalThis.crypto?.subtle);
  useEffect(() => {
    if (!certificate || !available) return;
    let cancelled = false;
    const canonical = canonicalCertificateContent({
      certificateId: certificate.certificateId,
      beneficiary: certificate.beneficiary,
      projectName: certificate.projectName,
      standard: certificate.standard,
      projectType: certificate.projectType,
      country: certificate.country,
      vintageYear: certificate.vintageYear,
      quantityTonnes: certificate.quantity,
      serialStart: certificate.serialStart,
      serialEnd: certificate.serialEnd,
      serialRange: certificate.serialRange,
      reason: certificate.reason,
      retiredAt: certificate.retirementDate,
      version: certificate.contentVersion,
      claim: certificate.claim,
      integrity: certificate.integrity,
    });
    sha256Hex(canonical).then(
      (digest) => !cancelled && setChecked({ certificate, check: digest === certificate.digest ? 'match' : 'mismatch' }),
      () => !cancelled && setChecked({ certificate, check: 'unavailable' }),
    );
    return () => {
      cancelled = true;
    };
  }, [certificate, available]);
  if (!available) return 'unavailable';
  return checked && checked.certificate === certificate ? checked.check : 'checking';
}
