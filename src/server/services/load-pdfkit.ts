/**
 * pdfkit, loaded by the first PDF drawn. With the font parsers and compression tables it pulls in it is ~5 MB of
 * heap and ~140 ms of start-up that a server drawing no PDF would carry for nothing; the first PDF pays the load.
 */
export async function loadPdfKit(): Promise<typeof import('pdfkit')> {
  return (await import('pdfkit')).default;
}
