import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subproductStream } from '@labshop/contracts/catalogue/events';
import { startCatalogueFixture, type CatalogueFixture } from '../testing/fixture.ts';
import { png, storedImageName } from '../../testing/images.ts';

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
const pdf = (size = 2_000) => padded('%PDF-1.7\n', size);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

type Part = { field: string; bytes: Buffer; filename?: string } | { field: string; json: unknown };

/** Sends a detail's form as the back office's FormData does. */
async function sendForm(method: 'POST' | 'PATCH', url: string, parts: Part[]) {
  const form = new FormData();
  for (const part of parts) {
    if ('bytes' in part) form.append(part.field, new Blob([part.bytes]), part.filename ?? `${part.field}.bin`);
    else form.append(part.field, JSON.stringify(part.json));
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const payload = Buffer.from(await request.arrayBuffer());
  return fx.app.inject({
    method,
    url,
    payload,
    headers: { ...fx.admin, 'content-type': request.headers.get('content-type')! },
  });
}

const detail = { productType: '500 mL Bottle', quantity: 12, priceCents: 4_500 };

async function subproduct() {
  const productId = await fx.addProduct();
  const subproductId = await fx.addSubproduct(productId);
  return { productId, subproductId, url: `${fx.subproductUrl(productId, subproductId)}/details/with-files` };
}

describe('a detail added with its files', () => {
  it('records the detail and every file in one append, with the files stored', async () => {
    const { subproductId, url } = await subproduct();
    const image = png();
    const manual = pdf();
    const response = await sendForm('POST', url, [
      { field: 'detail', json: { ...detail, contents: '<p onclick="x()">Sterile</p>' } },
      { field: 'image', bytes: image, filename: 'bottle.png' },
      { field: 'manualPdf', bytes: manual, filename: 'manual.pdf' },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const { detailId, position } = response.json();
    const events = await fx.streamEvents(subproductStream(subproductId));
    expect(events.map((event) => [event.type, (event.data as { slot?: string }).slot])).toEqual([
      ['DetailCreated', undefined],
      ['DetailFileAttached', 'image'],
      ['DetailFileAttached', 'manualPdf'],
    ]);
    expect(events.at(-1)?.position).toBe(position);
    expect(events[0]?.data).toMatchObject({
      detailId,
      fields: { productType: '500 mL Bottle', contents: '<p>Sterile</p>' },
    });
    const imageName = await storedImageName(image, 'png');
    expect(events[1]?.data).toMatchObject({
      file: { name: imageName, originalName: 'bottle.png', contentType: 'image/png', size: expect.any(Number) },
    });
    const stored = await fx.contentFiles();
    expect(stored.files).toEqual(expect.arrayContaining([imageName, `${sha256(manual)}.pdf`]));
    expect(stored.incoming).toEqual([]);
  });

  it.each([
    [
      'a refused manual',
      [{ field: 'manualPdf', bytes: png(), filename: 'manual.pdf' }],
      { manualPdf: 'Only PDF files are allowed!' },
    ],
    ['an image of 3 MB', [], { image: 'Image size should be less than 2MB' }, png(3 * MiB)],
    ['a PDF as the image', [], { image: 'Only JPG, PNG or GIF images are allowed!' }, pdf()],
    ['no image', [], { image: 'Please select an image file' }, null],
    ['an invalid field', [], { productType: 'Product type is required' }, png(), { ...detail, productType: '' }],
  ])(
    'refuses it all for %s: nothing recorded, no file left',
    async (_label, extra, fields, image: Buffer | null = png(), body: object = detail) => {
      const { url } = await subproduct();
      const before = await fx.contentFiles();
      const parts: Part[] = [
        { field: 'detail', json: body },
        ...(image === null ? [] : [{ field: 'image', bytes: image }]),
        ...(extra as Part[]),
      ];
      const response = await fx.writesNothing(() => sendForm('POST', url, parts));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ error: 'BadRequest', fields });
      expect(await fx.contentFiles()).toEqual(before);
    },
  );

  it('refuses a second detail of the same type with 409, removing the files it had stored', async () => {
    const { url } = await subproduct();
    expect(
      (
        await sendForm('POST', url, [
          { field: 'detail', json: detail },
          { field: 'image', bytes: png() },
        ])
      ).statusCode,
    ).toBe(201);
    const before = await fx.contentFiles();
    const response = await fx.writesNothing(() =>
      sendForm('POST', url, [
        { field: 'detail', json: { ...detail, productType: '500 ml bottle' } },
        { field: 'image', bytes: png() },
      ]),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().fields).toEqual({
      productType: 'A detail of type “500 mL Bottle” already exists in this subproduct',
    });
    expect(await fx.contentFiles()).toEqual(before);
  });
});

describe('a detail changed with its files', () => {
  it('records the changes, the new image and the removed manual in one append; refuses removing the image alone', async () => {
    const { productId, subproductId, url } = await subproduct();
    const created = await sendForm('POST', url, [
      { field: 'detail', json: detail },
      { field: 'image', bytes: png() },
      { field: 'manualPdf', bytes: pdf() },
    ]);
    const detailUrl = `${fx.detailUrl(productId, subproductId, created.json().detailId)}/with-files`;
    const image = png();
    const edited = await sendForm('PATCH', detailUrl, [
      { field: 'changes', json: { quantity: 3, visible: false } },
      { field: 'remove', json: ['manualPdf', 'image'] },
      { field: 'image', bytes: image },
    ]);
    expect(edited.statusCode, edited.body).toBe(200);
    const events = (await fx.streamEvents(subproductStream(subproductId))).slice(3);
    expect(events.map((event) => event.type)).toEqual([
      'DetailUpdated',
      'DetailVisibilityChanged',
      'DetailFileRemoved',
      'DetailFileAttached',
    ]);
    expect(events.at(-1)?.data).toMatchObject({ slot: 'image', file: { name: await storedImageName(image, 'png') } });

    const refused = await fx.writesNothing(() =>
      sendForm('PATCH', detailUrl, [
        { field: 'changes', json: { quantity: 4 } },
        { field: 'remove', json: ['image'] },
      ]),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fields: { image: 'Please select an image file' } });
    const badFile = await fx.writesNothing(() =>
      sendForm('PATCH', detailUrl, [
        { field: 'changes', json: { quantity: 5 } },
        { field: 'flyerPdf', bytes: png() },
      ]),
    );
    expect(badFile.json()).toMatchObject({ fields: { flyerPdf: 'Only PDF files are allowed!' } });
  });

  it('refuses a stale edit (the version the form was opened on) with 409, recording only the changes, never the version', async () => {
    const { productId, subproductId, url } = await subproduct();
    const created = await sendForm('POST', url, [
      { field: 'detail', json: detail },
      { field: 'image', bytes: png() },
    ]);
    const detailUrl = `${fx.detailUrl(productId, subproductId, created.json().detailId)}/with-files`;
    const first = await sendForm('PATCH', detailUrl, [{ field: 'changes', json: { quantity: 3, expectedVersion: 2 } }]); // created, then its image attached
    expect(first.statusCode, first.body).toBe(200);
    const updated = (await fx.streamEvents(subproductStream(subproductId))).at(-1);
    expect(updated).toMatchObject({ type: 'DetailUpdated', data: { changes: { quantity: 3 } } });
    expect(updated?.data).not.toHaveProperty('changes.expectedVersion');
    const stale = await fx.writesNothing(() =>
      sendForm('PATCH', detailUrl, [{ field: 'changes', json: { quantity: 4, expectedVersion: 2 } }]),
    );
    expect(stale.statusCode, stale.body).toBe(409);
  });
});
