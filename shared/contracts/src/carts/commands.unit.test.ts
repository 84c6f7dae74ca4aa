import { describe, expect, it } from 'vitest';
import { addCartItemInput, setCartItemQuantityInput } from './commands.ts';

const valid = {
  commandId: '6f1c2a58-7d0e-4c59-9f0e-2c1d3b4a5e6f',
  detailId: '00000000-0000-4000-8000-000000000001',
  subproductId: '00000000-0000-4000-8000-000000000002',
  packSize: '10 ml',
  quantity: 2,
};

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('cart command inputs', () => {
  it('accepts a line, and a missing pack size as null', () => {
    expect(addCartItemInput.parse(valid)).toEqual(valid);
    const { packSize: _packSize, ...withoutPackSize } = valid;
    expect(addCartItemInput.parse(withoutPackSize).packSize).toBeNull();
  });

  it('refuses quantities below 1 or not whole, with a field message', () => {
    const { subproductId: _subproductId, ...line } = valid;
    for (const quantity of [0, -1, 1.5, '2', null]) {
      expect(messages(setCartItemQuantityInput.safeParse({ ...line, quantity }))).toEqual({
        quantity: 'Quantity must be a whole number of at least 1',
      });
    }
  });

  it('refuses text that cannot be stored: NUL and other control characters, lone surrogates', () => {
    for (const packSize of ['10\u0000ml', '10\u001bml', '\ud800', 'x\udc00']) {
      expect(messages(addCartItemInput.safeParse({ ...valid, packSize }))).toEqual({
        packSize: 'Pack size contains characters that are not allowed',
      });
    }
    expect(addCartItemInput.safeParse({ ...valid, packSize: '10 µl 🧪' }).success).toBe(true);
  });

  it('refuses a command without a valid command id, and unknown fields', () => {
    expect(messages(addCartItemInput.safeParse({ ...valid, commandId: 'retry-1' }))).toEqual({
      commandId: 'Command id must be a valid id',
    });
    expect(addCartItemInput.safeParse({ ...valid, unitPriceCents: 1 }).success).toBe(false);
  });
});
