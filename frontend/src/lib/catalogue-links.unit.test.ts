import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import {
  base64Utf8,
  detailIdFromSearch,
  formattedName,
  isCatalogueId,
  mainProductHref,
  productDetailHref,
  searchResultsHref,
  subproductHref,
} from './catalogue-links.ts';

const detailId = '3f2b8c1e-9a4d-4e6f-8b1a-2c3d4e5f6a7b';

describe('product route', () => {
  it('encodes the product type (text-encoded, then base64) and the id (base64), and reads the id back', () => {
    const href = productDetailHref(detailId, 'Mycoplasma PCR Kit 50 µl');
    const url = new URL(href, 'http://shop.test');
    expect(url.pathname).toBe('/product');
    expect(decodeURIComponent(atob(url.searchParams.get('productname') ?? ''))).toBe('Mycoplasma PCR Kit 50 µl');
    expect(atob(url.searchParams.get('productid') ?? '')).toBe(detailId);
    expect(detailIdFromSearch(url.searchParams)).toBe(detailId);
  });

  it('refuses a missing, malformed or non-id productid instead of asking the API', () => {
    expect(detailIdFromSearch(new URLSearchParams(''))).toBeNull();
    expect(detailIdFromSearch(new URLSearchParams('productid=%%%'))).toBeNull();
    expect(detailIdFromSearch(new URLSearchParams({ productid: btoa('not-an-id') }))).toBeNull();
  });
});

describe('catalogue page slugs', () => {
  it('builds the main product slug as base64 of the name, escaped for a path, even outside Latin-1', () => {
    const href = mainProductHref(detailId, 'Cell Culture Products');
    expect(href).toBe(`/show-main-product/${encodeURIComponent(btoa('Cell Culture Products'))}/${detailId}`);
    expect(() => base64Utf8('Zellkultur – Reagenzien')).not.toThrow();
    const slug = decodeURIComponent(mainProductHref(detailId, '??>').split('/')[2] ?? '');
    expect(atob(slug)).toBe('??>');
  });

  it('formats sub-product names lower-case with hyphens and keeps a slash out of the path', () => {
    expect(formattedName('  Exosome Isolation   Kits ')).toBe('exosome-isolation-kits');
    expect(subproductHref(detailId, 'DNA/RNA Kits')).toBe(`/dna%2Frna-kits/${detailId}`);
  });

  it('routes every generated URL to its own page, and other two-segment paths away from the grid', () => {
    const routes = [
      { id: 'product', path: 'product' },
      { id: 'search', path: 'search' },
      { id: 'main', path: 'show-main-product/:slug/:id' },
      { id: 'admin', path: 'admin/login' },
      { id: 'grid', path: ':slug/:id' },
    ];
    const routeOf = (href: string) => matchRoutes(routes, new URL(href, 'http://shop.test').pathname)?.[0];
    expect(routeOf(mainProductHref(detailId, 'Western Blot'))?.route.id).toBe('main');
    expect(routeOf(mainProductHref(detailId, 'Western Blot'))?.params.id).toBe(detailId);
    const grid = routeOf(subproductHref(detailId, 'DNA/RNA Kits'));
    expect(grid?.route.id).toBe('grid');
    expect(grid?.params).toEqual({ slug: 'dna/rna-kits', id: detailId });
    expect(routeOf(productDetailHref(detailId, 'x'))?.route.id).toBe('product');
    expect(routeOf(searchResultsHref('pipette tips'))?.route.id).toBe('search');
    expect(routeOf('/admin/login')?.route.id).toBe('admin');
    // A two-segment path that is no sub-product page (e.g. a future /cartaction/show) reaches the grid route
    // with an id that is not a catalogue id; the grid sends it home instead of asking the API.
    expect(isCatalogueId(routeOf('/cartaction/show')?.params.id)).toBe(false);
  });
});
