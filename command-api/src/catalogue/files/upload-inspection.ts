import { readFile } from 'node:fs/promises';
import { inflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { ContentStore, ReceivedFile } from './content-store.ts';
import type { FileKind } from './file-kind.ts';

/** 25 megapixels (5000 × 5000): far beyond a product photo, far below a decompression bomb's 20000 × 20000. */
export const MAX_IMAGE_PIXELS = 25_000_000;

export const inspectionMessages = {
  imageUnreadable: 'This image could not be read. Please upload a JPG, PNG or GIF.',
  imageTooLarge: 'This image has too many pixels: at most 25 megapixels (for example 5000 × 5000).',
  pdfScript: 'PDFs that contain JavaScript are not allowed. Please upload the document without scripts.',
};

/** The bytes LabShop keeps of an uploaded image: decoded and encoded again in its own format, without metadata. */
export async function reencodeImage(bytes: Buffer, extension: 'jpg' | 'png' | 'gif'): Promise<Buffer> {
  const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, animated: extension === 'gif', failOn: 'error' });
  if (extension === 'jpg') return image.jpeg({ quality: 90 }).toBuffer();
  if (extension === 'png') return image.png().toBuffer();
  return image.gif().toBuffer();
}

/** A PDF name token, its #hh escapes decoded (`/J#53` is `/JS`). */
const NAME = /\/([^\s/<>[\]()%{}]+)/g;
const SCRIPT_NAMES = new Set(['JS', 'JavaScript']);
/** Stream bodies, which may hide the dictionaries (object streams) behind Flate compression. */
const STREAM = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
/** More than any stream of a 10 MB PDF should inflate to; a bomb past it counts as unreadable, not as clean. */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

const namesScript = (text: string) =>
  [...text.matchAll(NAME)].some(([, name]) =>
    SCRIPT_NAMES.has(name!.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))),
  );

/** Whether a PDF names JavaScript (/JS, /JavaScript) anywhere, in its plain text or in a Flate-compressed stream. */
export function pdfHasJavaScript(bytes: Buffer): boolean {
  const text = bytes.toString('latin1');
  if (namesScript(text)) return true;
  for (const [, body] of text.matchAll(STREAM)) {
    let inflated: Buffer;
    try {
      inflated = inflateSync(Buffer.from(body!, 'latin1'), { maxOutputLength: MAX_INFLATED_BYTES });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return true;
      continue; // not Flate (an image's DCT data, say): nothing to read there
    }
    if (namesScript(inflated.toString('latin1'))) return true;
  }
  return false;
}

export type Inspection = { file: ReceivedFile } | { refusal: string };

/**
 * What the bytes hold, beyond their signature: an image is decoded (at most MAX_IMAGE_PIXELS) and encoded again,
 * which drops metadata and anything riding along (an HTML or script polyglot); a PDF naming JavaScript is refused.
 * A refused file is discarded.
 */
export async function inspectUpload(store: ContentStore, received: ReceivedFile, kind: FileKind): Promise<Inspection> {
  const bytes = await readFile(received.tempPath);
  if (kind.extension === 'pdf') {
    if (!pdfHasJavaScript(bytes)) return { file: received };
    await store.discard(received);
    return { refusal: inspectionMessages.pdfScript };
  }
  let reencoded: Buffer;
  try {
    reencoded = await reencodeImage(bytes, kind.extension);
  } catch (error) {
    await store.discard(received);
    return {
      refusal: /pixel limit/i.test((error as Error).message)
        ? inspectionMessages.imageTooLarge
        : inspectionMessages.imageUnreadable,
    };
  }
  return { file: await store.replace(received, reencoded) };
}
