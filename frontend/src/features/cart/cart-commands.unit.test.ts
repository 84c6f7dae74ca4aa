import { describe, expect, it } from 'vitest';
import {
  addCartItemInput,
  cartCommandInput,
  mergeCartInput,
  removeCartItemInput,
  setCartItemQuantityInput,
} from '@labshop/contracts/carts/commands';
import { commandRequest, type CartCommand } from './cart-commands.ts';
import { kit } from './cart-test-fixtures.ts';

const commandId = '7f1b5d2e-3c4a-4b8e-9d6f-0a1b2c3d4e5f';
const cartId = '0c9e8d7f-6a5b-4c3d-8e2f-1a0b9c8d7e6f';
const detailId = '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d';
const subproductId = '9d8c7b6a-5f4e-4d3c-9b2a-1f0e9d8c7b6a';
const option = { detailId, packSize: '10 reactions' };
const anonymous = { kind: 'anonymous', cartId } as const;

describe('commandRequest', () => {
  // The command API's schemas are strict: a body with a field they do not know is refused, so check them here.
  it("sends each command to the contract's route with a body the command API's schema accepts", () => {
    const cases: [CartCommand, string, { parse(body: unknown): unknown }][] = [
      [
        { type: 'add', commandId, target: anonymous, item: kit({ detailId, subproductId, quantity: 2 }) },
        `/api/carts/${cartId}/items`,
        addCartItemInput,
      ],
      [
        { type: 'setQuantity', commandId, target: { kind: 'customer' }, option, quantity: 5 },
        '/api/account/cart/items/quantity',
        setCartItemQuantityInput,
      ],
      [
        { type: 'remove', commandId, target: anonymous, option: { detailId, packSize: null } },
        `/api/carts/${cartId}/items/remove`,
        removeCartItemInput,
      ],
      [{ type: 'refresh', commandId, target: { kind: 'customer' } }, '/api/account/cart/refresh', cartCommandInput],
      [{ type: 'merge', commandId, cartId }, '/api/account/cart/merge', mergeCartInput],
    ];
    for (const [command, path, schema] of cases) {
      const request = commandRequest(command);
      expect(request.path).toBe(path);
      expect(schema.parse(request.body)).toEqual(request.body);
    }
    expect(commandRequest(cases[0]![0]).body).toEqual({
      commandId,
      detailId,
      subproductId,
      packSize: '10 reactions',
      quantity: 2,
    });
  });
});
