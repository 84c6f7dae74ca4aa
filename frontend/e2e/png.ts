import { crc32, deflateSync } from 'node:zlib';

/**
 * A real PNG (8-bit RGB) of `side`×`side` pixels, so the server's check of the bytes sees a genuine image;
 * with `noise` its pixels do not compress, so a large one is large on disk.
 */
export function png(side: number, noise = false): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, checksum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8);
  let seed = 7;
  const pixel = () => (noise ? ((seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff), seed >> 16) & 0xff : 120);
  const rows = Array.from({ length: side }, () => Buffer.from([0, ...Array.from({ length: side * 3 }, pixel)]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
