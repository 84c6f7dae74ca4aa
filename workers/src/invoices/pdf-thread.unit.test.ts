import { afterAll, describe, expect, it } from 'vitest';
import { testOrderView } from '../testing/order-view.ts';
import { createRecordingLogger } from '../testing/recording-logger.ts';
import { invoiceContent } from './invoice-content.ts';
import { renderDocumentPdf, type PdfRequest } from './pdf-documents.ts';
import { createPdfThread } from './pdf-thread.ts';

const issuedAt = '2026-11-23T15:01:00.000Z';
const invoice: PdfRequest = {
  kind: 'invoice',
  content: invoiceContent(testOrderView(), 'INV-LUM2311202612345', issuedAt),
  issuedAt: new Date(issuedAt),
};
const logger = createRecordingLogger();
const pdfs = createPdfThread(logger);
afterAll(() => pdfs.close());

describe('the PDF thread', () => {
  it('renders the very bytes this thread renders, so a document keeps its hash wherever it was rendered', async () => {
    const [there, here] = await Promise.all([pdfs.render(invoice), renderDocumentPdf(invoice)]);
    expect(there.subarray(0, 5).toString()).toBe('%PDF-');
    expect(there.equals(here)).toBe(true);
  });

  it('answers a document it cannot render with its error, and renders the next one', async () => {
    await expect(pdfs.render({ kind: 'quote', order: testOrderView({ quote: null }) })).rejects.toThrow(
      'Order LUM2311202612345 has no quote',
    );
    expect((await pdfs.render(invoice)).equals(await renderDocumentPdf(invoice))).toBe(true);
  });

  it('refuses the renders of a thread that ended, and starts a new one for the next', async () => {
    const cut = pdfs.render(invoice);
    await pdfs.close();
    await expect(cut).rejects.toThrow('The PDF thread ended');
    expect((await pdfs.render(invoice)).equals(await renderDocumentPdf(invoice))).toBe(true);
  });
});
