import { ApiError, parseApiError } from './api-client.ts';

/**
 * Fetches a file with the session's token and hands it to the browser as a download of `fileName`. A plain
 * link cannot carry the Authorization header, and such files (invoices, the audit log) must not be reachable without it.
 */
export async function downloadWithSession(
  path: string,
  fileName: string,
  sessionToken: string,
  accept: string,
  /** POST for a download that is a command (a retained document's: each one is recorded). */
  method: 'GET' | 'POST' = 'GET',
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, { method, headers: { authorization: `Bearer ${sessionToken}`, accept } });
  } catch {
    throw new ApiError(0, 'NetworkError', 'Could not reach the server. Check your connection and try again.');
  }
  if (!response.ok) throw await parseApiError(response);
  saveBlob(await response.blob(), fileName);
}

/** Hands a file made or fetched in the page to the browser as a download of `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the blob to the download by now; a moment later it can go.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
