// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/toast/toast-provider.tsx';
import type { AdminDetail } from '../../api/get-subproduct-details.ts';
import { DetailForm } from './detail-form.tsx';

const subproductRef = {
  productId: '11111111-1111-4111-8111-111111111111',
  subproductId: '22222222-2222-4222-8222-222222222222',
};
const at = '2026-11-01T00:00:00.000Z';
const saved: AdminDetail = {
  ...subproductRef,
  detailId: '33333333-3333-4333-8333-333333333333',
  visible: true,
  displayOrder: 0,
  productType: '500 mL Bottle',
  quantity: 25,
  priceCents: 4550,
  addPercentage: 0,
  priceTiers: [],
  catalogNumber: 'CCM-500',
  innerPackageId: '',
  bestseller: false,
  featured: false,
  featuredText: '',
  contents: '',
  productUrl: null,
  files: {
    image: {
      name: 'image.png',
      originalName: 'bottle.png',
      contentType: 'image/png',
      size: 2048,
      url: '/files/bottle.png',
    },
    manualPdf: null,
    flyerPdf: null,
    technicalNotesPdf: null,
  },
  createdAt: at,
  updatedAt: at,
  version: 3,
};

function renderForm(detail: AdminDetail | null) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <DetailForm
          subproductRef={subproductRef}
          detail={detail}
          productTypes={[]}
          onSaved={() => undefined}
          onCancel={() => undefined}
        />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const form = () => screen.getByRole('form');
const input = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input' }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
/** The server, answering every request the same. */
const serverAnswers = (status: number, body: unknown) =>
  vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(
      async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );

// jsdom lays nothing out, so it has no scrollIntoView (the form scrolls to itself when opened for editing).
beforeAll(() => {
  Element.prototype.scrollIntoView ??= () => undefined;
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('DetailForm', () => {
  it("refuses an empty new detail with the schema's messages next to each field and the image, and focuses the first", async () => {
    const fetch = serverAnswers(201, {});
    renderForm(null);
    type('Price (USD)', '12.345');
    fireEvent.click(screen.getByRole('button', { name: 'Add detail' }));

    await screen.findByText('Please fill all required fields correctly');
    expect(screen.getByText('Product type is required')).toBeTruthy();
    expect(screen.getByText('Valid quantity is required (min 0)')).toBeTruthy();
    expect(screen.getByText('Valid price is required (min 0)')).toBeTruthy();
    expect(screen.getByText('Please select an image file')).toBeTruthy();
    expect(input('Product type').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input('Product type'));
    expect(fetch).not.toHaveBeenCalled();

    // A field's message goes as soon as it changes; Clear empties the form and every message.
    type('Product type', '1 L Bottle');
    expect(screen.queryByText('Product type is required')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(input('Product type').value).toBe('');
    expect(screen.queryByText('Valid quantity is required (min 0)')).toBeNull();
    expect(screen.queryByText('Please fill all required fields correctly')).toBeNull();
  });

  it('refuses a picked file that is not an image at once, beside the image input', () => {
    renderForm(null);
    const image = screen.getByLabelText('Image', { selector: 'input' });
    fireEvent.change(image, { target: { files: [new File(['%PDF'], 'manual.pdf', { type: 'application/pdf' })] } });
    expect(screen.getByText('Only JPG, PNG or GIF images are allowed!')).toBeTruthy();
    expect(image.getAttribute('aria-invalid')).toBe('true');
  });

  it('loads a saved detail, sends only what changed on the version it was opened on, and puts the server’s 400 field message on its field', async () => {
    const fetch = serverAnswers(400, {
      error: 'BadRequest',
      message: 'A detail of type “1 L Bottle” already exists in this subproduct',
      fields: { productType: 'A detail of type “1 L Bottle” already exists in this subproduct' },
    });
    renderForm(saved);
    expect(screen.getByRole('heading', { name: 'Edit detail: 500 mL Bottle' })).toBeTruthy();
    expect(input('Price (USD)').value).toBe('45.50');
    expect(input('Catalog number').value).toBe('CCM-500');

    type('Product type', '1 L Bottle');
    fireEvent.click(input('Ships on dry ice'));
    fireEvent.click(screen.getByRole('button', { name: 'Update detail' }));

    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toContain(`/details/${saved.detailId}/with-files`);
    expect(JSON.parse(String((init?.body as FormData).get('changes')))).toEqual({
      productType: '1 L Bottle',
      shipsOnDryIce: true,
      expectedVersion: 3,
    });

    await screen.findByText('A detail of type “1 L Bottle” already exists in this subproduct', {
      selector: '.field__error',
    });
    expect(within(form()).getByRole('alert').textContent).toBe(
      'Error updating detail: A detail of type “1 L Bottle” already exists in this subproduct',
    );
    expect(input('Product type').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(input('Product type')));
  });
});
