import { fileMessages, IMAGE_MAX_BYTES, PDF_MAX_BYTES } from '@labshop/contracts/catalogue/details-commands';
import type { FileSlot } from '@labshop/contracts/catalogue/events';
import type { FileKind } from './file-kind.ts';

export interface UploadRule {
  /** Largest size accepted, in bytes. */
  maxBytes: number;
  accepts: readonly FileKind['extension'][];
  messages: { type: string; size: string; missing: string };
}

/** Product images everywhere (details, uploaded products): JPG, PNG or GIF by their bytes, under 2 MB. */
export const imageRule: UploadRule = {
  // The spec says "less than 2MB": exactly 2 MiB is already too big.
  maxBytes: IMAGE_MAX_BYTES - 1,
  accepts: ['jpg', 'png', 'gif'],
  messages: { type: fileMessages.imageType, size: fileMessages.imageSize, missing: fileMessages.imageMissing },
};

const pdfRule: UploadRule = {
  maxBytes: PDF_MAX_BYTES - 1,
  accepts: ['pdf'],
  messages: { type: fileMessages.pdfType, size: fileMessages.pdfSize, missing: fileMessages.pdfMissing },
};

export const uploadRuleOf = (slot: FileSlot): UploadRule => (slot === 'image' ? imageRule : pdfRule);
