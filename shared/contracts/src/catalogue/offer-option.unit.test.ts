import { describe, expect, it } from 'vitest';
import { offerOption } from './offer-option.ts';

describe('offerOption', () => {
  it.each([
    [{ productType: '50 tests', packSize: '5 x 50 tests' }, '50 tests · 5 x 50 tests'],
    [{ productType: '100 ml', packSize: null }, '100 ml'],
    [{ productType: '50 tests', packSize: '50 tests' }, '50 tests'],
    [{ productType: '50 tests', packSize: ' 50 Tests ' }, '50 tests'],
    [{ productType: 'T-75 Flask', packSize: '' }, 'T-75 Flask'],
    [{ productType: '', packSize: '500 pcs' }, '500 pcs'],
    [{ productType: '', packSize: null }, ''],
  ])('names %j as %j', (facts, expected) => {
    expect(offerOption(facts)).toBe(expected);
  });
});
