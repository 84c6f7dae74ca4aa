import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync, crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogueFixture, type CatalogueFixture } from '../testing/fixture.ts';
import { png } from '../../testing/images.ts';
import { STORAGE_FULL } from './content-store.ts';
import { inspectionMessages } from './upload-inspection.ts';

let fx: CatalogueFixture;
beforeAll(async () => {
  fx = await startCatalogueFixture();
});
afterAll(async () => {
  await fx?.close();
});

/** Uploads to a new detail's slot; `then` runs it (e.g. inside writesNothing) once the detail exists. */
async function upload(
  target: CatalogueFixture,
  slot: string,
  bytes: Buffer,
  filename: string,
  then = <T>(send: () => Promise<T>) => send(),
) {
  const tree = await target.addTree();
  const form = new FormData();
  form.append('file', new Blob([bytes]), filename);
  const request = new Request('http://localhost/', { method: 'PUT', body: form });
  const url = `${target.detailUrl(tree.productId, tree.subproductId, tree.detailId)}/files/${slot}`;
  const payload = Buffer.from(await request.arrayBuffer());
  return then(() =>
    target.app.inject({
      method: 'PUT',
      url,
      payload,
      headers: { ...target.admin, 'content-type': request.headers.get('content-type')! },
    }),
  );
}

/** A PNG whose header says width × height, with one tiny compressed row: what a decompression bomb looks like to a byte check. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1 + width * 3))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const pdfWith = (body: string) =>
  Buffer.from(`%PDF-1.7\n1 0 obj\n<< /Type /Catalog ${body} >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`, 'latin1');

describe('what an upload holds beyond its signature', () => {
  it('re-encodes an image, so an HTML polyglot riding on a real PNG is not stored', async () => {
    const polyglot = Buffer.concat([
      png(),
      Buffer.from('<html><script>alert(document.cookie)</script></html>', 'latin1'),
    ]);
    const response = await upload(fx, 'image', polyglot, 'kit.png');
    expect(response.statusCode, response.body).toBe(200);
    const stored = await readFile(join(fx.contentDir, response.json().file.name as string));
    expect(stored.toString('latin1')).not.toContain('<script>');
    expect(stored.subarray(0, 8)).toEqual(polyglot.subarray(0, 8));
  });

  it('refuses a 20000 × 20000 PNG by its pixel count, writing nothing', async () => {
    const bomb = pngClaiming(20_000, 20_000);
    expect(bomb.length).toBeLessThan(200_000);
    const response = await upload(fx, 'image', bomb, 'huge.png', fx.writesNothing);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'BadRequest',
      message: inspectionMessages.imageTooLarge,
      fields: { file: inspectionMessages.imageTooLarge },
    });
    expect((await fx.contentFiles()).incoming).toEqual([]);
  });

  it.each([
    ['an OpenAction script', '/OpenAction << /S /JavaScript /JS (app.alert(1)) >>'],
    ['a name spelt with hex escapes', '/OpenAction << /S /J#61vaScript /J#53 (app.alert(1)) >>'],
  ])('refuses a PDF with JavaScript (%s)', async (_label, body) => {
    const response = await upload(fx, 'manualPdf', pdfWith(body), 'manual.pdf', fx.writesNothing);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: inspectionMessages.pdfScript,
      fields: { file: inspectionMessages.pdfScript },
    });
  });

  it('refuses a PDF whose script hides in a compressed object stream, and takes a clean one', async () => {
    const hidden = deflateSync(
      Buffer.from('2 0 obj << /S /JavaScript /JS (app.alert(1)) >> endobj', 'latin1'),
    ).toString('latin1');
    const compressed = Buffer.from(
      `%PDF-1.7\n3 0 obj\n<< /Type /ObjStm /Filter /FlateDecode >>\nstream\n${hidden}\nendstream\nendobj\n%%EOF\n`,
      'latin1',
    );
    expect(compressed.toString('latin1')).not.toMatch(/JavaScript|\/JS/);
    expect((await upload(fx, 'flyerPdf', compressed, 'flyer.pdf')).json()).toMatchObject({
      message: inspectionMessages.pdfScript,
    });
    expect((await upload(fx, 'flyerPdf', pdfWith('/Pages 2 0 R'), 'flyer.pdf')).statusCode).toBe(200);
  });
});

describe('a full disk', () => {
  let mount = '';
  let full: CatalogueFixture | undefined;
  beforeAll(async () => {
    // A real filesystem of 1 MiB (tmpfs) for the content folders: an upload bigger than that runs out of space.
    mount = await mkdtemp(join(tmpdir(), 'labshop-full-disk-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', mount]);
    full = await startCatalogueFixture({ contentDir: join(mount, 'content') });
  });
  afterAll(async () => {
    await full?.close();
    if (mount) execFileSync('umount', [mount]);
    await rm(mount, { recursive: true, force: true });
  });

  it('answers 507 with a message, keeps nothing half-written, and takes a file that fits afterwards', async () => {
    const response = await upload(full!, 'image', png(1_800_000), 'big.png', full!.writesNothing);
    expect(response.statusCode).toBe(507);
    expect(response.json()).toMatchObject({ error: 'InsufficientStorage', message: STORAGE_FULL });
    expect(await full!.contentFiles()).toEqual({ files: [], incoming: [] });
    expect((await upload(full!, 'image', png(), 'small.png')).statusCode).toBe(200);
  });
});
