import { fileMessages, IMAGE_MAX_BYTES, PDF_MAX_BYTES } from '@labshop/contracts/catalogue/details-commands';

const imageTypes = ['image/jpeg', 'image/png', 'image/gif'];
const imageExtensions = /\.(jpe?g|png|gif)$/i;

/**
 * Why a file just picked for a slot cannot be used, in the spec's words, or undefined. Checked at the
 * moment of picking, from what the browser knows (type, name, size); the server checks the bytes.
 */
export function pickedFileError(kind: 'image' | 'pdf', file: Pick<File, 'name' | 'type' | 'size'>): string | undefined {
  if (kind === 'image') {
    const isImage = file.type === '' ? imageExtensions.test(file.name) : imageTypes.includes(file.type);
    if (!isImage) return fileMessages.imageType;
    // "less than 2MB": exactly 2 MiB is already too big, as the server counts it.
    return file.size >= IMAGE_MAX_BYTES ? fileMessages.imageSize : undefined;
  }
  const isPdf = file.type === '' ? /\.pdf$/i.test(file.name) : file.type === 'application/pdf';
  if (!isPdf) return fileMessages.pdfType;
  return file.size >= PDF_MAX_BYTES ? fileMessages.pdfSize : undefined;
}
