/**
 * Translates a validated query into SQL over a collection table's `doc`. Every value and every field
 * path travels as a parameter; the only text spliced in is fixed SQL chosen by this module.
 */
import type { Scalar } from '../port.ts';
import type { Predicate, SortKey, TextMatch } from '../query.ts';

export class SqlParameters {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const COMPARISON_SQL = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const;

export function whereSql(predicates: readonly Predicate[], text: TextMatch | null, params: SqlParameters): string {
  const conditions = ['NOT deleted'];
  for (const predicate of predicates) conditions.push(predicateSql(predicate, params));
  if (text) conditions.push(textSql(text, params));
  return conditions.join(' AND ');
}

/**
 * Orders like MongoDB does, so both adapters agree: by type first (null or missing, numbers,
 * strings, objects, arrays, booleans), numbers numerically, strings by code point; ties by id.
 */
export function orderBySql(sort: readonly SortKey[], params: SqlParameters): string {
  const terms = sort.flatMap(({ path, direction }) => {
    const field = `doc #> ${params.add(path)}::text[]`;
    const dir = direction === 'asc' ? 'ASC' : 'DESC';
    return [
      `CASE jsonb_typeof(${field}) WHEN 'number' THEN 1 WHEN 'string' THEN 2 WHEN 'object' THEN 3 WHEN 'array' THEN 4 WHEN 'boolean' THEN 5 ELSE 0 END ${dir}`,
      `CASE WHEN jsonb_typeof(${field}) = 'number' THEN ${field} END ${dir}`,
      `(${field} #>> '{}') COLLATE "C" ${dir}`,
    ];
  });
  return [...terms, 'id ASC'].join(', ');
}

function predicateSql(predicate: Predicate, params: SqlParameters): string {
  switch (predicate.kind) {
    case 'equals':
      return equalsSql(predicate.path, predicate.value, params);
    case 'in':
      return predicate.values.length === 0
        ? 'false'
        : `(${predicate.values.map((value) => equalsSql(predicate.path, value, params)).join(' OR ')})`;
    case 'range': {
      const field = `doc #> ${params.add(predicate.path)}::text[]`;
      const isNumeric = typeof predicate.bounds[0]?.value === 'number';
      // Comparing jsonb numbers is numeric (9 < 10 < 100) and cannot fail on a non-number, unlike a ::numeric cast.
      const typeGuard = `jsonb_typeof(${field}) = '${isNumeric ? 'number' : 'string'}'`;
      const comparisons = predicate.bounds.map(({ operator, value }) =>
        isNumeric
          ? `${field} ${COMPARISON_SQL[operator]} ${params.add(JSON.stringify(value))}::jsonb`
          : `(${field} #>> '{}') COLLATE "C" ${COMPARISON_SQL[operator]} ${params.add(value)}::text`,
      );
      return `(${[typeGuard, ...comparisons].join(' AND ')})`;
    }
  }
}

/**
 * Non-null equality compares the field's JSON with the value's (`doc #> path = value`), which is
 * type-exact (10 does not match "10") and which a field's index answers (migrate.ts). Null matches an
 * explicit null or a missing field, as in MongoDB.
 */
function equalsSql(path: readonly string[], value: Scalar, params: SqlParameters): string {
  if (value === null) return `coalesce(doc #> ${params.add(path)}::text[], 'null'::jsonb) = 'null'::jsonb`;
  return `doc #> ${params.add(path)}::text[] = ${params.add(JSON.stringify(value))}::jsonb`;
}

function textSql({ path, value, mode }: TextMatch, params: SqlParameters): string {
  const field = `doc #> ${params.add(path)}::text[]`;
  const escaped = value.replace(/[\\%_]/g, '\\$&');
  const pattern = mode === 'prefix' ? `${escaped}%` : `%${escaped}%`;
  return `(jsonb_typeof(${field}) = 'string' AND (${field} #>> '{}') ILIKE ${params.add(pattern)})`;
}
