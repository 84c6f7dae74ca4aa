import { downloadWithSession } from './download-with-session.ts';

/** Fetches a PDF (an invoice) with the session's token and hands it to the browser as a download of `fileName`. */
export const downloadPdf = (path: string, fileName: string, sessionToken: string, method: 'GET' | 'POST' = 'GET') =>
  downloadWithSession(path, fileName, sessionToken, 'application/pdf', method);
