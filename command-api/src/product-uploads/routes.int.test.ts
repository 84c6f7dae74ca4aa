import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadedProductStream } from '@labshop/contracts/catalogue/uploads-events';
import { startCatalogueFixture, type CatalogueFixture } from '../catalogue/testing/fixture.ts';
import { png, storedImageName } from '../testing/images.ts';

let fx: CatalogueFixture;
beforeAll(async () => {
  fx = await startCatalogueFixture();
});
afterAll(async () => {
  await fx?.close();
});

const MiB = 1024 * 1024;

const product = {
  productName: 'Exosome Isolation Kit',
  productType: 'Kit',
  priceCents: 29_900,
  quantity: 12,
  productUrl: 'https://example.com/kit',
  innerPackageId: 'PKG-7',
  description: '<p onclick="steal()">Isolates <b>exosomes</b></p><script>alert(1)</script>',
};

/** The product form as the back office's FormData sends it. */
async function sendForm(
  method: 'POST' | 'PUT',
  url: string,
  json: unknown,
  image?: { bytes: Buffer; filename?: string },
  headers: Record<string, string> = fx.admin,
) {
  const form = new FormData();
  if (json !== undefined) form.append('product', typeof json === 'string' ? json : JSON.stringify(json));
  if (image) form.append('image', new Blob([image.bytes]), image.filename ?? 'kit.png');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const payload = Buffer.from(await request.arrayBuffer());
  return fx.app.inject({
    method,
    url,
    payload,
    headers: { ...headers, 'content-type': request.headers.get('content-type')! },
  });
}

const BASE = '/api/admin/product-uploads';

async function addProduct() {
  const response = await sendForm('POST', BASE, product, { bytes: png() });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().productId as string;
}

describe('product upload commands', () => {
  it('adds a product with its image stored by content, the description sanitised and the admin as actor', async () => {
    const image = png();
    const response = await sendForm('POST', BASE, product, { bytes: image, filename: 'kit.png' });
    expect(response.statusCode, response.body).toBe(201);
    const [event] = await fx.streamEvents(uploadedProductStream(response.json().productId));
    expect(event).toMatchObject({
      type: 'UploadedProductAdded',
      data: {
        fields: {
          productName: 'Exosome Isolation Kit',
          priceCents: 29_900,
          description: '<p>Isolates <b>exosomes</b></p>',
        },
        image: { name: await storedImageName(image, 'png'), originalName: 'kit.png', contentType: 'image/png' },
      },
      metadata: { actor: { kind: 'admin', email: 'admin@labshop.test' } },
    });
    expect((await fx.contentFiles()).files).toContain(await storedImageName(image, 'png'));
  });

  it.each([
    ['no name', { ...product, productName: '  ' }, { productName: 'Product name is required' }],
    ['no type', { ...product, productType: '' }, { productType: 'Product type is required' }],
    ['a negative price', { ...product, priceCents: -1 }, { priceCents: 'Valid price is required (min 0)' }],
    ['a price over $100,000', { ...product, priceCents: 10_000_001 }, { priceCents: 'Price must be at most $100,000' }],
    ['a quantity over 10000', { ...product, quantity: 10_001 }, { quantity: 'Quantity must be at most 10000' }],
    [
      'an ftp URL',
      { ...product, productUrl: 'ftp://example.com' },
      { productUrl: 'Product URL must start with http:// or https://' },
    ],
    [
      'a long inner package id',
      { ...product, innerPackageId: 'x'.repeat(51) },
      { innerPackageId: 'Inner package id must be at most 50 characters' },
    ],
    [
      'a description only a script',
      { ...product, description: '<script>alert(1)</script>' },
      { description: 'Description is required' },
    ],
    [
      'a NUL byte in the name',
      { ...product, productName: 'Kit\u0000' },
      { productName: 'Product name contains characters that are not allowed' },
    ],
  ])('refuses %s with the spec messages, writing nothing', async (_label, body, fields) => {
    const response = await fx.writesNothing(() => sendForm('POST', BASE, body, { bytes: png() }));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'BadRequest',
      message: 'Please fill all required fields correctly',
      fields,
    });
  });

  it.each([
    [
      'a text file named .png',
      { bytes: Buffer.from('just some text, not a picture'), filename: 'kit.png' },
      'Only JPG, PNG or GIF images are allowed!',
    ],
    ['an image of 2 MB', { bytes: png(2 * MiB) }, 'Image size should be less than 2MB'],
    ['no image', undefined, 'Please select an image file'],
  ])('refuses %s, keeping no file', async (_label, image, message) => {
    const response = await fx.writesNothing(() => sendForm('POST', BASE, product, image));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields).toEqual({ image: message });
  });

  it('refuses a huge form field and a body that is not a form', async () => {
    const huge = await fx.writesNothing(() =>
      sendForm('POST', BASE, { ...product, description: `<p>${'x'.repeat(600 * 1024)}</p>` }, { bytes: png() }),
    );
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe('The product is too large');
    const json = await fx.writesNothing(() => fx.send('POST', BASE, product));
    expect(json.statusCode).toBe(400);
  });

  it('updates with the version the form was opened on (keeping the image without a new one) and answers a stale one 409 naming the admin', async () => {
    const productId = await addProduct();
    const url = `${BASE}/${productId}`;
    const first = await sendForm('PUT', url, { ...product, priceCents: 31_000, expectedVersion: 1 });
    expect(first.statusCode, first.body).toBe(200);
    const events = await fx.streamEvents(uploadedProductStream(productId));
    expect(events.at(-1)).toMatchObject({ type: 'UploadedProductUpdated', data: { changes: { priceCents: 31_000 } } });
    expect(events.at(-1)?.data).not.toHaveProperty('image');

    const stale = await fx.writesNothing(() =>
      sendForm('PUT', url, { ...product, quantity: 1, expectedVersion: 1 }, { bytes: png() }),
    );
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().message).toContain('admin@labshop.test changed this product');
    expect((await fx.writesNothing(() => fx.send('DELETE', `${url}?expectedVersion=1`))).statusCode).toBe(409);
  });

  it('deletes a product (as an event); a second delete is 404', async () => {
    const productId = await addProduct();
    const url = `${BASE}/${productId}`;
    expect((await fx.send('DELETE', `${url}?expectedVersion=1`)).statusCode).toBe(200);
    expect((await fx.streamEvents(uploadedProductStream(productId))).at(-1)?.type).toBe('UploadedProductDeleted');
    expect((await fx.send('DELETE', url)).statusCode).toBe(404);
  });

  it('is for admins only: 401 without a session, 403 with a customer token', async () => {
    const productId = await addProduct();
    expect((await fx.writesNothing(() => sendForm('POST', BASE, product, { bytes: png() }, {}))).statusCode).toBe(401);
    expect(
      (await fx.writesNothing(() => sendForm('POST', BASE, product, { bytes: png() }, fx.customer))).statusCode,
    ).toBe(403);
    expect(
      (
        await fx.writesNothing(() =>
          sendForm('PUT', `${BASE}/${productId}`, { ...product, expectedVersion: 1 }, undefined, fx.customer),
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await fx.writesNothing(() => fx.send('DELETE', `${BASE}/${productId}`, undefined, fx.customer))).statusCode,
    ).toBe(403);
  });
});
