import { DomainError } from '@labshop/contracts/domain-error';
import { CERTIFICATE_MAX_BYTES, taxExemptionMessages } from '@labshop/contracts/tax/exemptions-commands';

/** Names in a PDF that run something when it is opened: refused, whatever else the file holds. */
const ACTIVE_CONTENT = /\/(?:JavaScript|JS|Launch|EmbeddedFile|RichMedia)\b/;

/**
 * A certificate's PDF checked by its bytes, not its name: it starts like a PDF (`%PDF-`), fits in 5 MB
 * and names no script or launch action. A refusal is a 400 on `pdfBase64`.
 */
export function checkedCertificatePdf(base64: string): Buffer {
  const bytes = Buffer.from(base64, 'base64');
  const refuse = (message: string) => new DomainError('invalid', message, { pdfBase64: message });
  if (bytes.length > CERTIFICATE_MAX_BYTES) throw refuse(taxExemptionMessages.tooBig);
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw refuse(taxExemptionMessages.notPdf);
  if (ACTIVE_CONTENT.test(bytes.toString('latin1'))) throw refuse(taxExemptionMessages.scripted);
  return bytes;
}
