import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { tilePng } from '../seed/png.ts';
import { reencodeImage } from '../catalogue/files/upload-inspection.ts';

const randomColour = () => [0, 1, 2].map(() => Math.floor(Math.random() * 256)) as [number, number, number];

/** A PNG chunk of a private, ancillary type (which decoders skip and re-encoding drops). */
function privateChunk(length: number): Buffer {
  const typeAndData = Buffer.concat([Buffer.from('prVt', 'latin1'), Buffer.alloc(length, 0x2a)]);
  const chunk = Buffer.alloc(12 + length);
  chunk.writeUInt32BE(length, 0);
  typeAndData.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(typeAndData), 8 + length);
  return chunk;
}

/** A real PNG of a random colour (so each is new content), padded to exactly `size` bytes when it is larger than the image. */
export function png(size = 1_000): Buffer {
  const image = tilePng(randomColour(), 16);
  if (size < image.length + 12) return image;
  const iend = image.length - 12;
  return Buffer.concat([image.subarray(0, iend), privateChunk(size - image.length - 12), image.subarray(iend)]);
}

/** A real JPEG or GIF of a random colour. */
export async function image(format: 'jpg' | 'gif', { width = 16, height = 16 } = {}): Promise<Buffer> {
  const [r, g, b] = randomColour();
  const canvas = sharp({ create: { width, height, channels: 3, background: { r, g, b } } });
  return format === 'jpg' ? canvas.jpeg().toBuffer() : canvas.gif().toBuffer();
}

/** The name LabShop stores an uploaded image under: the SHA-256 of its bytes as re-encoded. */
export async function storedImageName(bytes: Buffer, extension: 'jpg' | 'png' | 'gif'): Promise<string> {
  return `${createHash('sha256')
    .update(await reencodeImage(bytes, extension))
    .digest('hex')}.${extension}`;
}
