// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contactPrefillFrom } from '@/lib/contact-links.ts';
import type { Price } from '@/lib/catalogue-shapes.ts';
import type { ProductDetail } from '../api/get-product-detail.ts';
import { ProductPurchase } from './product-purchase.tsx';

const price = (cents: number): Price => ({
  cents,
  formatted: `$${(cents / 100).toFixed(2)}`,
  listCents: cents,
  listFormatted: `$${(cents / 100).toFixed(2)}`,
  percentOff: 0,
});

const detail = (overrides: Partial<ProductDetail> = {}): ProductDetail => ({
  detailId: 'd1',
  productType: 'Mycoplasma PCR Kit',
  catalogNumber: 'MP-100',
  innerPackageId: '',
  productUrl: null,
  product: { productId: 'p1', name: 'Mycoplasma' },
  subproduct: { subproductId: 's1', name: 'Detection Kits' },
  quantity: 5,
  inStock: true,
  price: price(4_550),
  priceTiers: [],
  image: null,
  contents: '',
  documents: { manual: null, flyer: null, technicalNotes: null },
  shipsOnDryIce: false,
  related: [],
  ...overrides,
});

afterEach(cleanup);

function renderPurchase(product: ProductDetail) {
  const onAddToCart = vi.fn();
  render(<ProductPurchase detail={product} onAddToCart={onAddToCart} />, { wrapper: MemoryRouter });
  return onAddToCart;
}
const facts = () => screen.getAllByRole('term').map((term) => term.textContent);

describe('the product page’s purchase panel', () => {
  it('the add-to-cart dialog shows the line total beside the quantity, not only the unit price', () => {
    renderPurchase(detail());
    fireEvent.click(screen.getByRole('button', { name: /increase/i }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText(/^Quantity: 2 ×/).textContent).toBe('Quantity: 2 × $45.50');
    expect(dialog.getByText('Line total: $91.00')).toBeTruthy();
  });

  it('a detail without price tiers shows no pack size row (no "—")', () => {
    renderPurchase(detail());
    expect(facts()).toEqual(['Product type', 'Catalog number', 'Price']);
    expect(screen.queryByText('—')).toBeNull();
  });

  it('a detail with price tiers shows its pack size', () => {
    renderPurchase(
      detail({ priceTiers: [{ packSize: '50 tests', description: '', catalogNumber: 'MP-50', price: price(4_500) }] }),
    );
    expect(facts()).toContain('Pack size');
  });

  it('a detail that ships on dry ice says so, with the surcharge checkout adds once per order', () => {
    renderPurchase(detail({ shipsOnDryIce: true }));
    expect(facts()).toEqual(['Product type', 'Catalog number', 'Price', 'Shipping']);
    expect(
      screen.getByText('Ships on dry ice: a cold-chain surcharge of $35.00, once per order, is added at checkout'),
    ).toBeTruthy();
  });

  it('an out-of-stock item offers "Request this item": a contact message prefilled with the detail', () => {
    renderPurchase(detail({ quantity: 0, inStock: false }));
    const link = screen.getByRole('link', { name: 'Request this item' });
    const href = new URL(link.getAttribute('href') ?? '', 'http://shop.test');
    expect(href.pathname).toBe('/contact-us');
    const prefill = contactPrefillFrom(href.searchParams);
    expect(prefill.subject).toBe('Request: Detection Kits, Mycoplasma PCR Kit');
    expect(prefill.message).toContain('Detection Kits, Mycoplasma PCR Kit (Cat. No. MP-100), which is out of stock');
  });

  it('Add to cart puts the detail in the cart with the quantity chosen and its price', () => {
    const onAddToCart = renderPurchase(detail());
    fireEvent.click(screen.getByRole('button', { name: /increase/i }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(onAddToCart).toHaveBeenCalledTimes(1);
    expect(onAddToCart.mock.calls[0]?.[0]).toMatchObject({
      detailId: 'd1',
      subproductId: 's1',
      packSize: null,
      quantity: 2,
      unitPriceCents: 4_550,
      productName: 'Detection Kits',
      catalogNumber: 'MP-100',
    });
  });

  it('a detail with pack sizes starts at the first, or the one the link names, and adds the one chosen at its price', () => {
    const tiers = [
      { packSize: '50 tests', description: '', catalogNumber: 'MP-50', price: price(4_500) },
      { packSize: '100 tests', description: 'Best value', catalogNumber: 'MP-100B', price: price(8_000) },
    ];
    const onAddToCart = renderPurchase(detail({ priceTiers: tiers }));
    expect((screen.getByRole('radio', { name: /^50 tests/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /^100 tests/ }));
    expect(screen.getByText('MP-100B')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(onAddToCart.mock.calls[0]?.[0]).toMatchObject({
      packSize: '100 tests',
      quantity: 1,
      unitPriceCents: 8_000,
      catalogNumber: 'MP-100B',
    });
    expect(within(screen.getByRole('dialog')).getByText('Pack size: 100 tests')).toBeTruthy();
    cleanup();
    render(<ProductPurchase detail={detail({ priceTiers: tiers })} onAddToCart={vi.fn()} />, {
      wrapper: ({ children }) => <MemoryRouter initialEntries={['/product?pack=100%20tests']}>{children}</MemoryRouter>,
    });
    expect((screen.getByRole('radio', { name: /^100 tests/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('the quantity stays within the stock available', () => {
    const onAddToCart = renderPurchase(detail({ quantity: 2 }));
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement;
    fireEvent.change(quantity, { target: { value: '9' } });
    fireEvent.blur(quantity);
    expect(quantity.value).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(onAddToCart.mock.calls[0]?.[0]).toMatchObject({ quantity: 2 });
    expect(screen.getByText('2 available')).toBeTruthy();
  });

  it('an out-of-stock item cannot be added, and says why', () => {
    const onAddToCart = renderPurchase(detail({ quantity: 0, inStock: false }));
    const add = screen.getByRole('button', { name: 'Add to cart' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(add.getAttribute('aria-describedby')).not.toBeNull();
    expect(document.getElementById(add.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'This product is out of stock.',
    );
    expect(onAddToCart).not.toHaveBeenCalled();
  });
});
