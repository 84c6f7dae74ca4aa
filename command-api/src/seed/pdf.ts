/**
 * A one-page PDF of text lines (Helvetica, A4), written by hand: objects, a content stream and a
 * cross-reference table with exact byte offsets, so any reader opens it. Only printable ASCII is
 * kept, since the built-in font's encoding covers no more.
 */
export function textPdf(lines: readonly string[]): Buffer {
  const escaped = lines.map((line) => line.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, '\\$&'));
  const text = escaped
    .map((line, index) => `${index === 0 ? '/F1 18 Tf' : '/F1 11 Tf'} (${line}) Tj 0 -${index === 0 ? 28 : 16} Td`)
    .join('\n');
  const stream = `BT\n72 770 Td\n${text}\nET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
