// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { contactPrefillFrom } from '@/lib/contact-links.ts';
import type { Price } from '@/lib/catalogue-shapes.ts';
import type { ProductDetail } from '../api/get-product-detail.ts';
import { ProductPurchase } from './product-purchase.tsx';

const price = (cents: number): Price => ({ cents, formatted: `$${(cents / 100).toFixed(2)}`, listCents: cents, listFormatted: `$${(cents / 100).toFixed(2)}`, percentOff: 0 });

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

beforeAll(() => {
  // jsdom has no modal dialogs: open and close the element as the browser would.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
afterEach(cleanup);

const renderPurchase = (product: ProductDetail) => render(<ProductPurchase detail={product} onAddToCart={vi.fn()} />, { wrapper: MemoryRouter });
const facts = () => screen.getAllByRole('term').map((term) => term.textContent);

describe('the product page’s purchase panel', () => {
  it('the add-to-cart dialog shows the line total beside the quantity, not only the unit price', () => {
    renderPurchase(detail());
    fireEvent.click(screen.getByRole('button', { name: /increase/i }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    const dialog = within(screen.getByRole('dialog', { hidden: true }));
    expect(dialog.getByText(/^Quantity: 2 ×/).textContent).toBe('Quantity: 2 × $45.50');
    expect(dialog.getByText('Line total: $91.00')).toBeTruthy();
  });

  it('a detail without price tiers shows no pack size row (no "—")', () => {
    renderPurchase(detail());
    expect(facts()).toEqual(['Product type', 'Catalog number', 'Price']);
    expect(screen.queryByText('—')).toBeNull();
  });

  it('a detail with price tiers shows its pack size', () => {
    renderPurchase(detail({ priceTiers: [{ packSize: '50 tests', description: '', catalogNumber: 'MP-50', price: price(4_500) }] }));
    expect(facts()).toContain('Pack size');
  });

  it('a detail that ships on dry ice says so, with the surcharge checkout adds once per order', () => {
    renderPurchase(detail({ shipsOnDryIce: true }));
    expect(facts()).toEqual(['Product type', 'Catalog number', 'Price', 'Shipping']);
    expect(screen.getByText('Ships on dry ice: a cold-chain surcharge of $35.00, once per order, is added at checkout')).toBeTruthy();
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
});
