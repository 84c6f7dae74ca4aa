import { tilePng, type Rgb } from '@labshop/command-api/seed/png';

/** What a test needs of a running shop to act as an admin. */
export interface AdminClient {
  url: string;
  authorization: string;
}

async function send(client: AdminClient, method: string, path: string, body?: unknown) {
  const response = await fetch(`${client.url}${path}`, {
    method,
    headers: { authorization: client.authorization, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Record<string, string>;
}

/** A product, a subproduct and a detail made through the public API; answers the detail's files path. */
export async function createDetail(client: AdminClient): Promise<string> {
  const { productId } = await send(client, 'POST', '/api/admin/catalogue/products', {
    name: `Files test product ${crypto.randomUUID()}`,
  });
  const subproducts = `/api/admin/catalogue/products/${productId}/subproducts`;
  const { subproductId } = await send(client, 'POST', subproducts, { name: 'Files test subproduct' });
  const details = `${subproducts}/${subproductId}/details`;
  const { detailId } = await send(client, 'POST', details, { productType: 'Box', quantity: 5, priceCents: 1_000 });
  return `${details}/${detailId}/files`;
}

/** Uploads a small PNG of this colour into the detail's image slot, as the back office does; answers its /content URL. */
export async function uploadImage(
  client: AdminClient,
  filesPath: string,
  colour: Rgb,
): Promise<{ url: string; position: string }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(tilePng(colour, 16))], { type: 'image/png' }), 'tile.png');
  const response = await fetch(`${client.url}${filesPath}/image`, {
    method: 'PUT',
    headers: { authorization: client.authorization },
    body: form,
  });
  if (!response.ok) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  const { file, position } = (await response.json()) as { file: { name: string }; position: string };
  return { url: `/content/${file.name}`, position };
}

/** Removes the detail's image; answers the position to wait for. */
export async function removeImage(client: AdminClient, filesPath: string): Promise<string> {
  return (await send(client, 'DELETE', `${filesPath}/image`)).position!;
}
