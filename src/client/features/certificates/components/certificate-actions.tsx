import { useState } from 'react';
import { Download, FileText, Printer, ShieldCheck } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { toast } from '@/client/components/ui/use-toast';
import { errorMessage } from '@/client/lib/api';
import { certificateFileName, certificateHtmlUrl, certificatePdfUrl, printCertificate } from '@/client/features/certificates/lib/certificate-files';

/** Print (new window, or a download when blocked), the HTML and PDF files, and the public verification. */
export function CertificateActions({ certificateId }: { certificateId: string }) {
  const [printing, setPrinting] = useState(false);
  const print = () => {
    setPrinting(true);
    printCertificate(certificateId)
      .then((how) => {
        if (how === 'downloaded') {
          toast({ title: 'Certificate Downloaded', description: `The print window was blocked, so ${certificateFileName(certificateId)} was downloaded.` });
        }
      })
      .catch((error: unknown) => toast({ variant: 'destructive', title: 'Print Failed', description: errorMessage(error) }))
      .finally(() => setPrinting(false));
  };
  return (
    <div className="flex flex-wrap gap-2">
      <Button onClick={print} disabled={printing}>
        <Printer aria-hidden="true" />
        Print Certificate
      </Button>
      <Button asChild variant="outline">
        <a href={certificateHtmlUrl(certificateId, true)} download={certificateFileName(certificateId)}>
          <Download aria-hidden="true" />
          Download HTML
        </a>
      </Button>
      <Button asChild variant="outline">
        <a href={certificatePdfUrl(certificateId, true)} download={`retirement-certificate-${certificateId}.pdf`}>
          <FileText aria-hidden="true" />
          Download PDF
        </a>
      </Button>
      <Button asChild variant="ghost">
        <Link href={`/verify?query=${encodeURIComponent(certificateId)}`}>
          <ShieldCheck aria-hidden="true" />
          Provenance
        </Link>
      </Button>
    </div>
  );
}
