import { PDFParse } from 'pdf-parse';

/** The text of a PDF as a reader would copy it (pdf.js, pure JS: no poppler needed on CI), and its page count. */
export async function pdfText(bytes: Buffer): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const result = await parser.getText();
    return { text: result.text, pages: result.total };
  } finally {
    await parser.destroy();
  }
}
