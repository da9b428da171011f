const base = (id: string) => `/api/certificates/${encodeURIComponent(id)}`;

export const certificateHtmlUrl = (id: string, download = false) => `${base(id)}/html${download ? '?download=1' : ''}`;
export const certificatePdfUrl = (id: string, download = false) => `${base(id)}/pdf${download ? '?download=1' : ''}`;
export const certificateQrUrl = (id: string) => `${base(id)}/qr.png`;
export const certificateFileName = (id: string) => `retirement-certificate-${id}.html`;

/** Saves the printable certificate as retirement-certificate-<id>.html. */
export function downloadCertificateHtml(id: string): void {
  const link = document.createElement('a');
  link.href = certificateHtmlUrl(id, true);
  link.download = certificateFileName(id);
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * SPEC.md §2: opens a new window with the certificate and prints it; when the window is blocked, the
 * certificate is downloaded instead. The window is opened synchronously, inside the click, so that popup
 * blockers see a user gesture; the document is written once it has been fetched.
 * Returns how the certificate was delivered.
 */
export async function printCertificate(id: string): Promise<'printed' | 'downloaded'> {
  const printWindow = window.open('', '_blank');
  if (!printWindow) {
    downloadCertificateHtml(id);
    return 'downloaded';
  }
  try {
    const response = await fetch(certificateHtmlUrl(id), { credentials: 'include' });
    if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
    const html = await response.text();
    printWindow.document.open();
    printWindow.document.write(html);
    printWindow.document.close();
    await imagesLoaded(printWindow.document);
    printWindow.focus();
    printWindow.print();
    return 'printed';
  } catch (error) {
    printWindow.close();
    throw error;
  }
}

/** Printing before the QR code has loaded would leave a blank square on paper. */
function imagesLoaded(doc: Document): Promise<void> {
  const pending = Array.from(doc.images).filter((image) => !image.complete);
  return Promise.all(
    pending.map((image) => new Promise<void>((resolve) => {
      image.addEventListener('load', () => resolve(), { once: true });
      image.addEventListener('error', () => resolve(), { once: true });
    })),
  ).then(() => undefined);
}
