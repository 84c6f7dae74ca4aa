// @vitest-environment jsdom
import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_PRICE_TIERS } from '@labshop/contracts/catalogue/details-commands';
import { basePriceNotSold } from '../base-price.ts';
import { emptyPriceTier, type FieldErrors, type PriceTierDraft } from '../detail-form-values.ts';
import { PriceTiersEditor } from './price-tiers-editor.tsx';

afterEach(cleanup);

/** The editor as the detail form holds it: tiers in state, every change's touched path recorded. */
function Editor({
  initial = [],
  errors = {},
  touched = [],
}: {
  initial?: PriceTierDraft[];
  errors?: FieldErrors;
  touched?: unknown[];
}) {
  const [tiers, setTiers] = useState(initial);
  return (
    <PriceTiersEditor
      tiers={tiers}
      errors={errors}
      disabled={false}
      onChange={(next, change) => {
        touched.push(change);
        setTiers(next);
      }}
    />
  );
}

const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

describe('PriceTiersEditor', () => {
  it('says, once there is a tier, that the price above is not sold on its own', () => {
    render(<Editor />);
    expect(screen.queryByText(/not sold on its own/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add price tier' }));
    expect(screen.getByText(/shoppers buy only these pack sizes: the Price above is not sold on its own/)).toBeTruthy();
  });

  it('knows when a detail’s own price cannot be bought: tiers, none at that price', () => {
    expect(basePriceNotSold({ priceCents: 4_500, priceTiers: [] })).toBe(false);
    expect(basePriceNotSold({ priceCents: 4_500, priceTiers: [{ priceCents: 9_000 }, { priceCents: 40_000 }] })).toBe(
      true,
    );
    expect(basePriceNotSold({ priceCents: 4_500, priceTiers: [{ priceCents: 4_500 }, { priceCents: 40_000 }] })).toBe(
      false,
    );
  });

  it('adds a tier row and puts the focus in its price', async () => {
    render(<Editor />);
    expect(screen.queryByRole('list')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add price tier' }));
    await nextFrame();
    const price = screen.getByLabelText('Tier 1 Price (USD)');
    expect(document.activeElement).toBe(price);
    expect(screen.getByLabelText('Tier 1 Pack size')).toBeTruthy();
  });

  it('reports each typed value with the body path its server message comes back under', () => {
    const touched: unknown[] = [];
    render(<Editor initial={[emptyPriceTier(), emptyPriceTier()]} touched={touched} />);
    fireEvent.change(screen.getByLabelText('Tier 2 Price (USD)'), { target: { value: '12.50' } });
    fireEvent.change(screen.getByLabelText('Tier 2 Pack size'), { target: { value: '10 x 5 ml' } });
    expect(touched).toEqual([
      { index: 1, field: 'priceTiers.1.priceCents' },
      { index: 1, field: 'priceTiers.1.packSize' },
    ]);
    expect((screen.getByLabelText('Tier 2 Price (USD)') as HTMLInputElement).value).toBe('12.50');
  });

  it('shows a server message beside its field, tied to it for screen readers', () => {
    render(<Editor initial={[emptyPriceTier()]} errors={{ 'priceTiers.0.packSize': 'Pack size is required' }} />);
    const packSize = screen.getByLabelText('Tier 1 Pack size');
    expect(packSize.getAttribute('aria-invalid')).toBe('true');
    const describedBy = packSize.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Pack size is required');
  });

  it('removes a row, renumbers the rest and returns the focus to the add button', async () => {
    const first = { ...emptyPriceTier(), packSize: 'first' };
    const second = { ...emptyPriceTier(), packSize: 'second' };
    render(<Editor initial={[first, second]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove price tier 1' }));
    await nextFrame();
    expect((screen.getByLabelText('Tier 1 Pack size') as HTMLInputElement).value).toBe('second');
    expect(screen.queryByLabelText('Tier 2 Pack size')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add price tier' }));
  });

  it(`offers no more than ${MAX_PRICE_TIERS} tiers`, () => {
    render(<Editor initial={Array.from({ length: MAX_PRICE_TIERS }, emptyPriceTier)} />);
    expect((screen.getByRole('button', { name: 'Add price tier' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
