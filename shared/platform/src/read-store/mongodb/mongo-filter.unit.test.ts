import { describe, expect, it } from 'vitest';
import type { Query } from '../port.ts';
import { validateQuery } from '../query.ts';
import { mongoFilter, mongoSort } from './mongo-filter.ts';

const filterOf = (query: Query) => {
  const { predicates, text } = validateQuery(query);
  return mongoFilter(predicates, text);
};

describe('mongoFilter', () => {
  it('hides tombstones and wraps every value in the operator it was meant for', () => {
    expect(
      filterOf({
        where: {
          name: '$ne',
          'stock.quantity': { $gte: 1, $lt: 10 },
          category: { $in: ['a', null] },
          discontinued: null,
        },
      }),
    ).toEqual({
      $and: [
        { _deleted: false },
        { name: { $eq: '$ne' } },
        { 'stock.quantity': { $gte: 1, $lt: 10 } },
        { category: { $in: ['a', null] } },
        { discontinued: { $eq: null } },
      ],
    });
  });

  it.each([
    ['100%', '100% Ethanol', '1000 Ethanol'],
    ['0_ e', '100_ Ethanol', '100x Ethanol'],
    ['a.b*c (x) [y]', 'A.B*C (X) [Y]', 'axbbbc x y'],
    ['C:\\temp\\', 'c:\\TEMP\\cells', 'C:temp'],
    ['$1 ^ | {2} / -', 'costs $1 ^ | {2} / - net', 'costs 1 net'],
  ])('escapes %j so that it matches only literally, ignoring case', (value, matching, lookalike) => {
    const filter = filterOf({ text: { field: 'name', value, mode: 'substring' } });
    const { $regex, $options } = (filter.$and as { name?: { $regex: string; $options: string } }[])[1]!.name!;
    const pattern = new RegExp($regex, $options);

    expect(pattern.test(matching)).toBe(true);
    expect(pattern.test(lookalike)).toBe(false);
  });

  it('anchors a prefix match at the start of the value', () => {
    const filter = filterOf({ text: { field: 'name', value: 'eth', mode: 'prefix' } });
    const { $regex, $options } = (filter.$and as { name?: { $regex: string; $options: string } }[])[1]!.name!;
    const pattern = new RegExp($regex, $options);

    expect(pattern.test('Ethanol')).toBe(true);
    expect(pattern.test('Methanol')).toBe(false);
  });
});

describe('mongoSort', () => {
  it('sorts by the given keys, then by id', () => {
    expect(
      mongoSort(
        validateQuery({
          sort: [
            { field: 'price', direction: 'desc' },
            { field: 'name', direction: 'asc' },
          ],
        }).sort,
      ),
    ).toEqual([
      ['price', -1],
      ['name', 1],
      ['_id', 1],
    ]);
  });
});
