import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  serializerCompiler as providerSerializerCompiler,
  validatorCompiler as providerValidatorCompiler,
} from 'fastify-type-provider-zod';
import { addCartItemInput } from '@labshop/contracts/carts/commands';
import { cartView } from '@labshop/contracts/carts/queries';
import { directionFree, serializerCompiler, validatorCompiler } from './zod-compilers.ts';

const route = { method: 'POST', url: '/api/carts/:cartId/items', httpPart: 'body' };
const line = (index: number) => ({
  detailId: `detail-${index}`,
  subproductId: 'subproduct-1',
  packSize: index % 2 ? '100 pcs' : null,
  quantity: index + 1,
  unitPriceCents: 950,
  listPriceCents: 1_000,
  discountPercent: 5,
  previousUnitPriceCents: index === 3 ? 1_000 : null,
  lineTotalCents: 950 * (index + 1),
  productName: 'Tubes "50 ml" – sterile',
  productType: 'Tube',
  catalogNumber: `BT-${index}`,
  innerPackageId: 'inner-1',
  imageUrl: null,
  productPath: '/product/tubes',
  available: index !== 2,
});
const view = {
  cartId: 'cart-1',
  lines: Array.from({ length: 8 }, (_, index) => line(index)),
  itemCount: 34,
  subtotalCents: 32_300,
  updatedAt: '2026-11-28T06:00:00.000Z',
  expiresAt: '2026-12-03T06:00:00.000Z',
  revision: 7,
};

/** What each compiler makes of `data`: its answer, or the error it throws (name, status and zod's issues). */
function outcome(compiled: (data: unknown) => unknown, data: unknown) {
  try {
    return { answer: compiled(data) };
  } catch (error) {
    const { name, statusCode, cause } = error as { name: string; statusCode: number; cause?: { issues?: unknown } };
    return { name, statusCode, issues: cause?.issues };
  }
}

describe("the HTTP apps' zod compilers", () => {
  it("answer a response as the provider's encoding serializer does, byte for byte, unknown keys left out", () => {
    const ours = serializerCompiler({ ...route, schema: cartView });
    const providers = providerSerializerCompiler({ ...route, schema: cartView });
    const withExtras = { ...view, secret: 'internal', lines: view.lines.map((l) => ({ ...l, cost: 1 })) };
    for (const data of [view, withExtras, { ...view, lines: [] }]) {
      expect(ours(data)).toBe(providers(data));
    }
    expect(JSON.parse(ours(withExtras))).toEqual(view);
  });

  it('refuse a response that does not match its schema with the same 500 and issues', () => {
    const ours = serializerCompiler({ ...route, schema: cartView });
    const providers = providerSerializerCompiler({ ...route, schema: cartView });
    for (const data of [
      { ...view, itemCount: 1.5 },
      { ...view, updatedAt: 'yesterday' },
      { ...view, lines: [{ ...line(0), available: 'yes' }] },
      null,
    ]) {
      const refused = outcome(ours, data);
      expect(refused).toMatchObject({ name: 'FastifyError', statusCode: 500 });
      expect(refused).toEqual(outcome(providers, data));
    }
  });

  it('leave a schema that reads differently backwards (default, transform, pipe) to the provider', () => {
    const defaulted = z.object({ kind: z.string().default('orders'), count: z.number() });
    const transformed = z.object({ at: z.string().transform((text) => text.length) });
    for (const schema of [defaulted, transformed, z.string().pipe(z.string())])
      expect(directionFree(schema)).toBe(false);
    const ours = serializerCompiler({ ...route, schema: defaulted });
    const providers = providerSerializerCompiler({ ...route, schema: defaulted });
    // Encoding does not fill a default in (a parse would): the answer stays what the provider gives.
    for (const data of [{ count: 1 }, { kind: 'quotes', count: 1 }])
      expect(outcome(ours, data)).toEqual(outcome(providers, data));
  });

  it('take containers, wrappers and recursion as direction-free when their parts are', () => {
    type Node = { name: string; children: Node[] };
    const tree: z.ZodType<Node> = z.lazy(() => z.object({ name: z.string(), children: z.array(tree) }));
    for (const schema of [
      cartView,
      tree,
      z.union([z.literal('a'), z.enum(['b'])]),
      z.record(z.string(), z.tuple([z.number().int()]).readonly()).optional(),
      z.object({ at: z.iso.datetime().nullable() }).and(z.object({ n: z.unknown() })),
    ])
      expect(directionFree(schema)).toBe(true);
    expect(directionFree(z.object({ children: z.array(z.object({ n: z.number().catch(0) })) }))).toBe(false);
  });

  it("validate a request as the provider's validator does: the same value, the same issues and messages", () => {
    const ours = validatorCompiler({ ...route, schema: addCartItemInput });
    const providers = providerValidatorCompiler({ ...route, schema: addCartItemInput });
    const valid = {
      commandId: '5b7c2c1e-3f51-4f0a-9a57-0e9d2f3c4b11',
      detailId: '0c6f7f0e-8f0b-4b3e-9d6a-6f1f4f0b9a01',
      subproductId: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
      quantity: 2,
    };
    for (const body of [
      valid,
      { ...valid, packSize: '100 pcs' },
      { ...valid, quantity: 0 },
      { ...valid, quantity: 'two', commandId: 'x' },
      { ...valid, extra: true },
      { ...valid, packSize: 'x'.repeat(51) },
      'not an object',
    ]) {
      expect(ours(body)).toEqual(providers(body));
    }
    expect(ours(valid)).toEqual({ value: { ...valid, packSize: null } });
  });
});
