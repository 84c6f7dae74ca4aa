import { crc32, deflateSync } from 'node:zlib';

export type Rgb = readonly [number, number, number];

/**
 * A product tile as a real PNG (8-bit RGB): the colour fades towards white from top to bottom, with a
 * round "flask" in the middle so the tiles do not look like empty boxes. Made in code so the demo
 * catalogue needs no image files or libraries.
 */
export function tilePng(colour: Rgb, size = 240): Buffer {
  const rowLength = 1 + size * 3;
  const pixels = Buffer.alloc(rowLength * size);
  const centre = size / 2;
  const radius = size * 0.28;
  for (let y = 0; y < size; y++) {
    pixels[y * rowLength] = 0; // filter: none
    const fade = 0.15 + (0.55 * y) / size;
    for (let x = 0; x < size; x++) {
      const inFlask =
        (x - centre) ** 2 + (y - centre * 1.1) ** 2 < radius ** 2 ||
        (Math.abs(x - centre) < radius * 0.3 && y > size * 0.18 && y < centre);
      const mix = inFlask ? 0.92 : fade;
      const offset = y * rowLength + 1 + x * 3;
      for (let channel = 0; channel < 3; channel++)
        pixels[offset + channel] = Math.round(colour[channel]! + (255 - colour[channel]!) * mix);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit depth, truecolour, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}
