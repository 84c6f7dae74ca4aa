// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { bestSellerItem } from '@labshop/contracts/catalogue/queries';
import { BEST_SELLERS_SHOWN } from '../home-constants.ts';
import { HomeProductList } from './home-product-list.tsx';

afterEach(cleanup);

/** Best sellers as the home query answers them: the pinned first, then the ranked. */
const bestSellers = (count: number): z.infer<typeof bestSellerItem>[] =>
  Array.from({ length: count }, (_, i) => ({
    detailId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    productType: `Kit ${i + 1}`,
    subproductName: 'Detection Kits',
    image: null,
    price: { cents: 1_000, formatted: '$10.00', listCents: 1_000, listFormatted: '$10.00', percentOff: 0 },
    inStock: true,
    featuredText: '',
    pinned: i < 2,
    unitsSold: i < 2 ? 0 : 100 - i,
  }));

const renderList = (count: number) =>
  render(
    <MemoryRouter>
      <HomeProductList
        heading="Best Sellers"
        items={bestSellers(count)}
        loading={false}
        error={null}
        onRetry={() => undefined}
        retrying={false}
        shownByDefault={BEST_SELLERS_SHOWN}
        toggleLabels={{ collapsed: 'All Best Sellers', expanded: 'Fewer Best Sellers' }}
        emptyText="No best sellers at the moment."
      />
    </MemoryRouter>,
  );

const shownTitles = () =>
  within(screen.getByRole('list', { name: 'Best Sellers' }))
    .getAllByRole('heading')
    .map((heading) => heading.textContent);

describe('home best sellers list', () => {
  it('shows the first 8 in the order given, and All Best Sellers toggles the full list', () => {
    renderList(11);
    expect(shownTitles()).toEqual(['Kit 1', 'Kit 2', 'Kit 3', 'Kit 4', 'Kit 5', 'Kit 6', 'Kit 7', 'Kit 8']);
    const toggle = screen.getByRole('button', { name: 'All Best Sellers' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(toggle);
    expect(shownTitles()).toHaveLength(11);
    expect(shownTitles().at(-1)).toBe('Kit 11');
    expect(screen.getByRole('button', { name: 'Fewer Best Sellers' }).getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Fewer Best Sellers' }));
    expect(shownTitles()).toHaveLength(8);
  });

  it('has no toggle when there are 8 or fewer', () => {
    renderList(8);
    expect(shownTitles()).toHaveLength(8);
    expect(screen.queryByRole('button', { name: 'All Best Sellers' })).toBeNull();
  });
});
