import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '@labshop/platform/event-store/port';
import { subproductStream } from '@labshop/contracts/catalogue/events';
import { startCatalogueFixture, UNKNOWN_ID, type CatalogueFixture } from '../testing/fixture.ts';
import { image, png, storedImageName } from '../../testing/images.ts';

let fx: CatalogueFixture;
beforeAll(async () => {
  fx = await startCatalogueFixture();
});
afterAll(async () => {
  await fx?.close();
});

const MiB = 1024 * 1024;
const padded = (magic: number[] | string, size: number) => {
  const head = typeof magic === 'string' ? Buffer.from(magic, 'latin1') : Buffer.from(magic);
  const body = Buffer.alloc(Math.max(0, size - head.length), 0x2a);
  body.writeUInt32BE(Math.floor(Math.random() * 2 ** 32), 0);
  return Buffer.concat([head, body]);
};
const aJpeg = await image('jpg');
const aGif = await image('gif');
const pdf = (size = 2_000) => padded('%PDF-1.7\n', size);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A multipart/form-data body as a browser's FormData would send it. */
async function multipart(parts: { field: string; bytes?: Buffer; filename?: string; type?: string; text?: string }[]) {
  const form = new FormData();
  for (const part of parts) {
    if (part.bytes)
      form.append(
        part.field,
        new Blob([part.bytes], { type: part.type ?? 'application/octet-stream' }),
        part.filename ?? 'file.bin',
      );
    else form.append(part.field, part.text ?? '');
  }
  const request = new Request('http://localhost/', { method: 'PUT', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

async function upload(
  url: string,
  bytes: Buffer | null,
  options: { filename?: string; type?: string; field?: string; headers?: Record<string, string> } = {},
) {
  const body = await multipart(
    bytes
      ? [{ field: options.field ?? 'file', bytes, filename: options.filename, type: options.type }]
      : [{ field: 'note', text: 'no file' }],
  );
  return fx.app.inject({
    method: 'PUT',
    url,
    payload: body.payload,
    headers: { ...(options.headers ?? fx.admin), ...body.headers },
  });
}

const fileUrl = (tree: { productId: string; subproductId: string; detailId: string }, slot: string) =>
  `${fx.detailUrl(tree.productId, tree.subproductId, tree.detailId)}/files/${slot}`;

describe('detail file uploads', () => {
  it.each([
    ['a PNG', png(), 'png', 'image/png'],
    ['a JPEG', aJpeg, 'jpg', 'image/jpeg'],
    ['a GIF', aGif, 'gif', 'image/gif'],
    ['a PNG just under 2 MB', png(2 * MiB - 1), 'png', 'image/png'],
  ] as const)(
    'stores %s re-encoded, content-addressed, and records it with the admin as actor',
    async (_label, bytes, extension, contentType) => {
      const tree = await fx.addTree();
      const response = await upload(fileUrl(tree, 'image'), bytes, {
        filename: 'C:\\photos\\kit photo.bin',
        type: 'text/plain',
      });
      expect(response.statusCode, response.body).toBe(200);
      const name = await storedImageName(bytes, extension);
      const stored = await readFile(join(fx.contentDir, name));
      const file = { name, originalName: 'kit photo.bin', contentType, size: stored.length };
      expect(response.json()).toEqual({ position: expect.any(String), file });
      expect(`${sha256(stored)}.${extension}`).toBe(name);
      const [event] = (await fx.streamEvents(subproductStream(tree.subproductId))).slice(-1);
      expect(event).toMatchObject({
        type: 'DetailFileAttached',
        position: response.json().position,
        data: { ...tree, slot: 'image', file },
      });
      expect(event?.metadata.actor).toMatchObject({ kind: 'admin', email: 'admin@labshop.test' });
      expect((await fx.contentFiles()).incoming).toEqual([]);
    },
  );

  it('stores each PDF slot', async () => {
    const tree = await fx.addTree();
    for (const slot of ['manualPdf', 'flyerPdf', 'technicalNotesPdf']) {
      const bytes = pdf();
      const response = await upload(fileUrl(tree, slot), bytes, { filename: 'manual.pdf', type: 'application/pdf' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().file).toMatchObject({ name: `${sha256(bytes)}.pdf`, contentType: 'application/pdf' });
    }
  });

  it.each([
    ['a PDF renamed to .png', 'image', () => pdf(), 'kit.png', 'image/png', 'Only JPG, PNG or GIF images are allowed!'],
    [
      'an SVG (scriptable) image',
      'image',
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      'kit.svg',
      'image/svg+xml',
      'Only JPG, PNG or GIF images are allowed!',
    ],
    [
      'an HTML page as an image',
      'image',
      () => Buffer.from('<html><script>alert(1)</script></html>'),
      'kit.gif',
      'image/gif',
      'Only JPG, PNG or GIF images are allowed!',
    ],
    [
      'an empty image',
      'image',
      () => Buffer.alloc(0),
      'kit.png',
      'image/png',
      'Only JPG, PNG or GIF images are allowed!',
    ],
    [
      'an image whose bytes only start like a PNG',
      'image',
      () => Buffer.concat([png().subarray(0, 8), Buffer.alloc(500, 0x2a)]),
      'kit.png',
      'image/png',
      'This image could not be read. Please upload a JPG, PNG or GIF.',
    ],
    ['a 3 MB image', 'image', () => png(3 * MiB), 'big.png', 'image/png', 'Image size should be less than 2MB'],
    [
      'an image of exactly 2 MiB',
      'image',
      () => png(2 * MiB),
      'big.png',
      'image/png',
      'Image size should be less than 2MB',
    ],
    ['a PNG as a manual', 'manualPdf', () => png(), 'manual.pdf', 'application/pdf', 'Only PDF files are allowed!'],
    [
      'an 11 MB PDF',
      'flyerPdf',
      () => pdf(11 * MiB),
      'flyer.pdf',
      'application/pdf',
      'PDF size should be less than 10MB',
    ],
  ])(
    'refuses %s with the spec message, leaving no file and no event',
    async (_label, slot, bytes, filename, type, message) => {
      const tree = await fx.addTree();
      const response = await fx.writesNothing(() => upload(fileUrl(tree, slot), bytes(), { filename, type }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'BadRequest', message, fields: { file: message } });
      expect((await fx.contentFiles()).incoming).toEqual([]);
    },
  );

  it('asks for a file when none (or another field) is sent, or the body is not a form', async () => {
    const tree = await fx.addTree();
    await fx.writesNothing(async () => {
      expect((await upload(fileUrl(tree, 'image'), null)).json()).toMatchObject({
        message: 'Please select an image file',
      });
      expect((await upload(fileUrl(tree, 'manualPdf'), pdf(), { field: 'manual' })).json()).toMatchObject({
        message: 'Please select a PDF file',
      });
      const json = await fx.send('PUT', fileUrl(tree, 'image'), { file: 'x.png' });
      expect(json.statusCode).toBe(400);
      expect(json.json()).toMatchObject({ message: 'Please select an image file' });
    });
  });

  it('refuses an unknown slot (400), an unknown detail or parent (404) and strangers (401/403), writing nothing', async () => {
    const tree = await fx.addTree();
    await fx.writesNothing(async () => {
      expect((await upload(fileUrl(tree, 'brochure'), pdf())).json()).toMatchObject({
        error: 'BadRequest',
        fields: { slot: 'Unknown file slot' },
      });
      expect((await upload(fileUrl({ ...tree, detailId: UNKNOWN_ID }, 'image'), png())).json()).toMatchObject({
        error: 'NotFound',
        message: 'Detail not found',
      });
      expect((await upload(fileUrl({ ...tree, productId: UNKNOWN_ID }, 'image'), png())).json()).toMatchObject({
        error: 'NotFound',
        message: 'Product not found',
      });
      expect((await upload(fileUrl(tree, 'image'), png(), { headers: {} })).statusCode).toBe(401);
      expect((await upload(fileUrl(tree, 'image'), png(), { headers: fx.customer })).statusCode).toBe(403);
    });
  });

  it('replaces a file with one event, keeps an identical re-upload quiet, and removes a file as an event', async () => {
    const tree = await fx.addTree();
    const first = png();
    const second = await image('gif');
    await upload(fileUrl(tree, 'image'), first);
    const replaced = await upload(fileUrl(tree, 'image'), second);
    expect(replaced.statusCode).toBe(200);
    await fx.writesNothing(() => upload(fileUrl(tree, 'image'), second));
    const removed = await fx.send('DELETE', fileUrl(tree, 'image'));
    expect(removed.statusCode).toBe(200);
    const again = await fx.writesNothing(() => fx.send('DELETE', fileUrl(tree, 'image')));
    expect(again.json()).toMatchObject({ error: 'NotFound', message: 'No file to remove' });

    const events = (await fx.streamEvents(subproductStream(tree.subproductId))).slice(1);
    const names = [await storedImageName(first, 'png'), await storedImageName(second, 'gif')];
    expect(events.map((e) => [e.type, (e.data as { file?: { name: string } }).file?.name])).toEqual([
      ['DetailFileAttached', names[0]],
      ['DetailFileAttached', names[1]],
      ['DetailFileRemoved', undefined],
    ]);
    // Earlier events still name both files: their bytes stay.
    const { files } = await fx.contentFiles();
    expect(files).toEqual(expect.arrayContaining(names));
  });
});

describe('an upload whose event cannot be appended', () => {
  let failing: CatalogueFixture;
  let failAppends = false;
  const failingWhenAsked = (store: EventStore): EventStore => ({
    ...store,
    append: (stream, events, options) =>
      failAppends && stream.startsWith('subproduct-')
        ? Promise.reject(new Error('event store unavailable'))
        : store.append(stream, events, options),
    readStream: (stream, options) => store.readStream(stream, options),
    readAll: (options) => store.readAll(options),
    subscribe: (options, handler) => store.subscribe(options, handler),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
  });

  beforeAll(async () => {
    failing = await startCatalogueFixture({ wrapEventStore: failingWhenAsked });
  });
  afterAll(async () => {
    await failing?.close();
  });

  it('removes the file it had just stored, but never a file that earlier events name', async () => {
    const tree = await failing.addTree();
    const other = await failing.addDetail(tree.productId, tree.subproductId);
    const url = (detailId: string) => `${failing.detailUrl(tree.productId, tree.subproductId, detailId)}/files/image`;
    const send = async (detailId: string, bytes: Buffer) => {
      const body = await multipart([{ field: 'file', bytes, filename: 'kit.png' }]);
      return failing.app.inject({
        method: 'PUT',
        url: url(detailId),
        payload: body.payload,
        headers: { ...failing.admin, ...body.headers },
      });
    };
    const shared = png();
    expect((await send(other, shared)).statusCode).toBe(200);

    failAppends = true;
    try {
      const before = await failing.contentFiles();
      expect((await send(tree.detailId, png())).statusCode).toBe(500);
      expect((await send(tree.detailId, shared)).statusCode).toBe(500);
      expect(await failing.contentFiles()).toEqual(before);
      expect(before.files).toContain(await storedImageName(shared, 'png'));
    } finally {
      failAppends = false;
    }
  });
});
