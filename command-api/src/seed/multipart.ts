import { randomBytes } from 'node:crypto';

/** A multipart/form-data body holding one file part named `file`, as a browser's upload form sends it. */
export function fileUpload(
  fileName: string,
  contentType: string,
  bytes: Buffer,
): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `----labshop-${randomBytes(12).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName.replace(/["\r\n]/g, '_')}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
