import { Download, FileText } from 'lucide-react';
import { Button } from '@/client/components/ui/button';

/** The printable certificate file; the server names it retirement-certificate-<id>.html. */
export const certificateDownloadUrl = (id: string) => `/api/certificates/${encodeURIComponent(id)}/html?download=1`;
export const certificatePdfUrl = (id: string) => `/api/certificates/${encodeURIComponent(id)}/pdf?download=1`;

/** Download (the HTML certificate, as SPEC.md's Download button) and the PDF of the same certificate. */
export function CertificateDownloads({ certificateId, align = 'end' }: { certificateId: string; align?: 'start' | 'end' }) {
  return (
    <div className={align === 'end' ? 'flex justify-end gap-2' : 'flex gap-2'}>
      <Button asChild size="sm" variant="outline">
        <a href={certificateDownloadUrl(certificateId)} download={`retirement-certificate-${certificateId}.html`} aria-label={`Download certificate ${certificateId}`}>
          <Download aria-hidden="true" />
          Download
        </a>
      </Button>
      <Button asChild size="sm" variant="ghost">
        <a href={certificatePdfUrl(certificateId)} download={`retirement-certificate-${certificateId}.pdf`} aria-label={`Download certificate ${certificateId} as PDF`}>
          <FileText aria-hidden="true" />
          PDF
        </a>
      </Button>
    </div>
  );
}
