import { describe, expect, it } from 'vitest';
import { addLine, removeLine } from './cart-lines.ts';
import { kit } from './cart-test-fixtures.ts';

describe('the lines the shopper sees before the server answers', () => {
  it('add an option again as the server does: quantities add up, the newer price is taken and the older remembered', () => {
    const [before] = addLine([], kit({ quantity: 2, unitPriceCents: 10_000 }));
    const [after] = addLine([before!], kit({ quantity: 1, unitPriceCents: 12_000 }));
    // The browser used to keep the first price: the server's answer then moved the total under the shopper's eyes.
    expect(after).toMatchObject({ quantity: 3, unitPriceCents: 12_000, previousUnitPriceCents: 10_000 });
    expect(after!.lineTotalCents).toBe(36_000);
  });

  it('keep a detail without a pack size apart from the same detail with an empty one', () => {
    const lines = addLine(addLine([], kit({ packSize: null })), kit({ packSize: '' }));
    expect(lines.map((line) => line.packSize)).toEqual([null, '']);
    expect(removeLine(lines, { detailId: lines[0]!.detailId, packSize: '' }).map((line) => line.packSize)).toEqual([
      null,
    ]);
  });
});
