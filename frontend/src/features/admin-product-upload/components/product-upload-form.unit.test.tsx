// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/toast/toast-provider.tsx';
import { renderInShop } from '@/testing/render-in-shop.tsx';
import { refusal, sentTo, serveHttp, type Route } from '@/testing/serve-http.ts';
import type { UploadedProduct } from '../api/get-uploaded-products.ts';
import { ProductUploadForm } from './product-upload-form.tsx';

const at = '2026-11-01T00:00:00.000Z';
const kit: UploadedProduct = {
  productId: '44444444-4444-4444-8444-444444444444',
  productName: 'Exosome Kit',
  productType: 'Kit',
  priceCents: 29_990,
  quantity: 12,
  productUrl: null,
  innerPackageId: '',
  description: '<p>Isolates exosomes</p>',
  image: { url: '/files/kit.png', name: 'kit.png', originalName: 'kit.png', size: 2048 },
  version: 2,
  createdAt: at,
  updatedAt: at,
};
const uploadsPath = '/api/admin/product-uploads';
const kitPath = `${uploadsPath}/${kit.productId}`;

function renderForm(product: UploadedProduct | null, routes: Record<string, Route> = {}) {
  const sent = serveHttp({ [`GET ${uploadsPath}`]: { body: { products: [] } }, ...routes });
  const onDone = vi.fn();
  renderInShop(
    <ToastProvider>
      <ProductUploadForm product={product} onDone={onDone} />
    </ToastProvider>,
  );
  return { sent, onDone };
}

const form = () => within(screen.getByRole('form'));
const input = (label: string) => form().getByLabelText(label, { exact: false, selector: 'input' }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
/** Time for a click that should send nothing to have sent it, were it going to. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 100));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the product upload form', () => {
  it('refuses an empty new product in the spec’s words beside each field and the image, focuses the first, sends nothing', async () => {
    const { sent } = renderForm(null);
    type('Price (USD)', '-1');
    fireEvent.click(form().getByRole('button', { name: 'Save' }));
    expect((await form().findByText('Please fill all required fields correctly')).getAttribute('role')).toBe('alert');
    expect(form().getByText('Product name is required')).toBeTruthy();
    expect(form().getByText('Valid price is required (min 0)')).toBeTruthy();
    expect(form().getByText('Description is required')).toBeTruthy();
    expect(form().getByText('Please select an image file')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(input('Product name')));
    // A field's message goes as soon as it changes.
    type('Product name', 'Kit');
    expect(form().queryByText('Product name is required')).toBeNull();
    await settled();
    expect(sentTo(sent, 'POST', uploadsPath)).toHaveLength(0);
  });

  it('puts the server’s 400 field message on its field and says the update failed', async () => {
    renderForm(kit, {
      [`PUT ${kitPath}`]: refusal(400, 'BadRequest', 'Invalid product', {
        fields: { productType: 'Product type is not accepted' },
      }),
    });
    fireEvent.click(form().getByRole('button', { name: 'Update' }));
    expect(await form().findByText('Product type is not accepted')).toBeTruthy();
    expect(form().getByRole('alert').textContent).toBe('Error updating product. Please try again. Invalid product');
    await waitFor(() => expect(document.activeElement).toBe(input('Product type')));
  });

  it('updates a product with its fields in cents and the version it was opened on, holding the form while it saves', async () => {
    let answer: () => void = () => undefined;
    const { sent, onDone } = renderForm(kit, {
      [`PUT ${kitPath}`]: () => new Promise((resolve) => (answer = () => resolve({ body: { position: '1' } }))),
    });
    type('Price (USD)', '315.5');
    fireEvent.click(form().getByRole('button', { name: 'Update' }));
    expect(((await form().findByRole('button', { name: 'Saving…' })) as HTMLButtonElement).disabled).toBe(true);
    expect(input('Product name').disabled).toBe(true);
    answer();
    await screen.findByText('Product updated successfully');
    expect(onDone).toHaveBeenCalled();
    const [update] = sentTo(sent, 'PUT', kitPath);
    expect(JSON.parse((update?.body as { product: string }).product)).toEqual({
      productName: 'Exosome Kit',
      productType: 'Kit',
      priceCents: 31_550,
      quantity: 12,
      productUrl: null,
      innerPackageId: '',
      description: '<p>Isolates exosomes</p>',
      expectedVersion: 2,
    });
  });
});
