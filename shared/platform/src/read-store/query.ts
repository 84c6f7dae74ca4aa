/**
 * Runtime validation shared by both adapters. Queries may be built from HTTP input, so nothing
 * here trusts the static types: anything outside the small query language is refused before a
 * backend sees it, which is what keeps `{ "$ne": null }` and friends from reaching MongoDB or SQL.
 */
import type { Position } from '../event-store/port.ts';
import type { Scalar } from './port.ts';

export class ReadStoreQueryError extends Error {
  override readonly name = 'ReadStoreQueryError';
}

const FIELD_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;
const COLLECTION_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,62}$/;
/** The MongoDB adapter stores these beside each document; refusing them everywhere keeps the adapters alike. */
const RESERVED_FIELDS: ReadonlySet<string> = new Set(['_id', '_deleted']);
const RANGE_OPERATORS = ['$gt', '$gte', '$lt', '$lte'] as const;
const QUERY_KEYS: ReadonlySet<string> = new Set(['where', 'text', 'sort', 'limit', 'skip']);

export type RangeOperator = (typeof RANGE_OPERATORS)[number];

export type Predicate =
  | { kind: 'equals'; path: string[]; value: Scalar }
  | { kind: 'in'; path: string[]; values: Scalar[] }
  | { kind: 'range'; path: string[]; bounds: { operator: RangeOperator; value: number | string }[] };

export interface TextMatch {
  path: string[];
  value: string;
  mode: 'prefix' | 'substring';
}

export interface SortKey {
  path: string[];
  direction: 'asc' | 'desc';
}

export interface ValidatedQuery {
  predicates: Predicate[];
  text: TextMatch | null;
  sort: SortKey[];
  limit: number | null;
  skip: number;
}

export function validateQuery(query: unknown): ValidatedQuery {
  if (query === undefined) return { predicates: [], text: null, sort: [], limit: null, skip: 0 };
  if (!isPlainObject(query)) throw new ReadStoreQueryError('A query must be an object');
  for (const key of Object.keys(query)) {
    if (!QUERY_KEYS.has(key)) throw new ReadStoreQueryError(`Unknown query key "${key}"`);
  }
  return {
    predicates: validateWhere(query.where),
    text: validateText(query.text),
    sort: validateSort(query.sort),
    limit: query.limit === undefined ? null : validateCount('limit', query.limit),
    skip: query.skip === undefined ? 0 : validateCount('skip', query.skip),
  };
}

export function validateFieldPath(path: unknown): string[] {
  if (typeof path !== 'string' || !FIELD_PATH.test(path)) {
    throw new ReadStoreQueryError(
      `Invalid field path ${JSON.stringify(path)}: use dotted identifiers like "stock.quantity"`,
    );
  }
  const segments = path.split('.');
  if (RESERVED_FIELDS.has(segments[0]!)) throw new ReadStoreQueryError(`Field "${segments[0]}" is reserved`);
  return segments;
}

export function validateCollectionName(name: unknown): string {
  if (typeof name !== 'string' || !COLLECTION_NAME.test(name)) {
    throw new ReadStoreQueryError(
      `Invalid collection name ${JSON.stringify(name)}: a letter, then up to 62 letters, digits, "_" or "-"`,
    );
  }
  return name;
}

export function validateId(id: unknown): string {
  if (typeof id !== 'string' || id === '') throw new ReadStoreQueryError('A document id must be a non-empty string');
  return id;
}

/** The ids of a `getMany`, each checked, duplicates dropped. */
export function validateIds(ids: unknown): string[] {
  if (!Array.isArray(ids)) throw new ReadStoreQueryError('getMany needs an array of ids');
  return [...new Set(ids.map(validateId))];
}

/** The checkpoints of a `setCheckpoints`, each checked; a name given twice is refused (which one counts would be unclear). */
export function validateCheckpoints(checkpoints: unknown): { name: string; position: Position }[] {
  if (!Array.isArray(checkpoints)) throw new ReadStoreQueryError('setCheckpoints needs an array of { name, position }');
  const valid = checkpoints.map((checkpoint: unknown) => {
    if (!isPlainObject(checkpoint)) throw new ReadStoreQueryError('A checkpoint must be { name, position }');
    return { name: validateCheckpointName(checkpoint.name), position: validatePosition(checkpoint.position) };
  });
  if (new Set(valid.map((checkpoint) => checkpoint.name)).size !== valid.length)
    throw new ReadStoreQueryError('setCheckpoints got a checkpoint name twice');
  return valid;
}

/** The checkpoints a guarded `writeAcross` expects, each name checked, each position a position or null (never set). */
export function validateExpectedCheckpoints(expected: unknown): { name: string; position: Position | null }[] {
  if (!(expected instanceof Map))
    throw new ReadStoreQueryError('writeAcross expects its checkpoints as a Map of name to position or null');
  return [...(expected as Map<unknown, unknown>)].map(([name, position]) => ({
    name: validateCheckpointName(name),
    position: position === null ? null : validatePosition(position),
  }));
}

export function validatePosition(position: unknown): Position {
  if (typeof position !== 'string') throw new ReadStoreQueryError('A position must be a string');
  return position;
}

export function validateCheckpointName(name: unknown): string {
  if (typeof name !== 'string' || name === '')
    throw new ReadStoreQueryError('A checkpoint name must be a non-empty string');
  return name;
}

/**
 * Checks a document about to be stored and returns it as plain JSON, so both backends keep exactly
 * what `JSON.stringify` would (a `Date` becomes its ISO string on MongoDB too, `undefined` vanishes).
 */
export function toStoredJson(doc: unknown): { id: string; position: Position; json: string } {
  if (!isPlainObject(doc)) throw new ReadStoreQueryError('A document must be a plain object');
  for (const reserved of RESERVED_FIELDS) {
    if (Object.hasOwn(doc, reserved)) throw new ReadStoreQueryError(`Field "${reserved}" is reserved`);
  }
  return { id: validateId(doc.id), position: validatePosition(doc._position), json: JSON.stringify(doc) };
}

/** A `writeMany` write, checked and as plain JSON: `json` is null for a delete. */
export interface ValidatedWrite {
  id: string;
  position: Position;
  json: string | null;
}

/**
 * Checks each write of a `writeMany` and keeps one per id, the one with the highest position (a
 * single SQL statement or bulk operation cannot meaningfully write one row twice), in input order.
 */
export function validateWrites(writes: unknown): ValidatedWrite[] {
  if (!Array.isArray(writes)) throw new ReadStoreQueryError('writeMany needs an array of writes');
  const byId = new Map<string, ValidatedWrite>();
  for (const write of writes as unknown[]) {
    if (!isPlainObject(write)) throw new ReadStoreQueryError('A write must be { upsert } or { delete, position }');
    const validated: ValidatedWrite =
      'upsert' in write
        ? { ...toStoredJson(write.upsert) }
        : { id: validateId(write.delete), position: validatePosition(write.position), json: null };
    const kept = byId.get(validated.id);
    if (!kept || kept.position < validated.position) byId.set(validated.id, validated);
  }
  return [...byId.values()];
}

/** The items of a `getAcross` or `writeAcross`, grouped by collection (each name checked, each collection once). */
function groupByCollection<Item>(
  groups: unknown,
  itemsOf: (group: Record<string, unknown>) => unknown,
  call: string,
): Map<string, Item[]> {
  if (!Array.isArray(groups)) throw new ReadStoreQueryError(`${call} needs an array, one entry per collection`);
  const grouped = new Map<string, Item[]>();
  for (const group of groups as unknown[]) {
    if (!isPlainObject(group)) throw new ReadStoreQueryError(`Each entry of ${call} names its collection`);
    const items = itemsOf(group);
    if (!Array.isArray(items)) throw new ReadStoreQueryError(`Each entry of ${call} has an array`);
    const collection = validateCollectionName(group.collection);
    grouped.set(collection, [...(grouped.get(collection) ?? []), ...(items as Item[])]);
  }
  return grouped;
}

/** The ids of a `getAcross`, checked: each collection once, its ids joined and each once. */
export function validateCollectionIds(wanted: unknown): { collection: string; ids: string[] }[] {
  const grouped = groupByCollection<unknown>(wanted, (group) => group.ids, 'getAcross');
  return [...grouped].map(([collection, ids]) => ({ collection, ids: validateIds(ids) }));
}

/** The writes of a `writeAcross`, checked: each collection once, its writes joined and kept as `validateWrites` keeps them. */
export function validateCollectionWrites(writes: unknown): { collection: string; writes: ValidatedWrite[] }[] {
  const grouped = groupByCollection<unknown>(writes, (group) => group.writes, 'writeAcross');
  return [...grouped].map(([collection, collectionWrites]) => ({
    collection,
    writes: validateWrites(collectionWrites),
  }));
}

function validateWhere(where: unknown): Predicate[] {
  if (where === undefined) return [];
  if (!isPlainObject(where)) throw new ReadStoreQueryError('"where" must be an object of field conditions');
  return Object.entries(where).map(([field, condition]) =>
    validateCondition(validateFieldPath(field), field, condition),
  );
}

function validateCondition(path: string[], field: string, condition: unknown): Predicate {
  if (isScalar(condition)) return { kind: 'equals', path, value: condition };
  if (!isPlainObject(condition)) {
    throw new ReadStoreQueryError(
      `Condition on "${field}" must be a string, number, boolean, null or an operator object`,
    );
  }
  const operators = Object.keys(condition);
  const unknown = operators.filter((operator) => operator !== '$in' && !isRangeOperator(operator));
  if (unknown.length > 0) {
    throw new ReadStoreQueryError(
      `Unsupported operator ${unknown.map((o) => JSON.stringify(o)).join(', ')} on "${field}"; allowed: $in, $gt, $gte, $lt, $lte`,
    );
  }
  if (operators.length === 0) throw new ReadStoreQueryError(`Empty condition on "${field}"`);
  if (operators.includes('$in')) {
    const values = condition.$in;
    if (operators.length > 1)
      throw new ReadStoreQueryError(`"$in" on "${field}" cannot be combined with other operators`);
    if (!Array.isArray(values) || !values.every(isScalar)) {
      throw new ReadStoreQueryError(`"$in" on "${field}" needs an array of strings, numbers, booleans or null`);
    }
    return { kind: 'in', path, values: [...values] };
  }
  const bounds = operators.filter(isRangeOperator).map((operator) => {
    const value = condition[operator];
    if (typeof value !== 'string' && !isFiniteNumber(value)) {
      throw new ReadStoreQueryError(`"${operator}" on "${field}" needs a finite number or a string`);
    }
    return { operator, value };
  });
  if (new Set(bounds.map((bound) => typeof bound.value)).size > 1) {
    throw new ReadStoreQueryError(`Range on "${field}" mixes numbers and strings`);
  }
  return { kind: 'range', path, bounds };
}

function validateText(text: unknown): TextMatch | null {
  if (text === undefined) return null;
  if (!isPlainObject(text)) throw new ReadStoreQueryError('"text" must be { field, value, mode }');
  const extra = Object.keys(text).filter((key) => key !== 'field' && key !== 'value' && key !== 'mode');
  if (extra.length > 0) throw new ReadStoreQueryError(`Unknown "text" key ${JSON.stringify(extra[0])}`);
  if (typeof text.value !== 'string') throw new ReadStoreQueryError('"text.value" must be a string');
  if (text.mode !== 'prefix' && text.mode !== 'substring')
    throw new ReadStoreQueryError('"text.mode" must be "prefix" or "substring"');
  return { path: validateFieldPath(text.field), value: text.value, mode: text.mode };
}

function validateSort(sort: unknown): SortKey[] {
  if (sort === undefined) return [];
  if (!Array.isArray(sort)) throw new ReadStoreQueryError('"sort" must be an array of { field, direction }');
  return sort.map((key: unknown) => {
    if (!isPlainObject(key)) throw new ReadStoreQueryError('A sort key must be { field, direction }');
    if (key.direction !== 'asc' && key.direction !== 'desc')
      throw new ReadStoreQueryError('Sort direction must be "asc" or "desc"');
    return { path: validateFieldPath(key.field), direction: key.direction };
  });
}

function validateCount(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new ReadStoreQueryError(`"${name}" must be a non-negative integer`);
  }
  return value;
}

function isRangeOperator(key: string): key is RangeOperator {
  return (RANGE_OPERATORS as readonly string[]).includes(key);
}

function isScalar(value: unknown): value is Scalar {
  return value === null || typeof value === 'string' || typeof value === 'boolean' || isFiniteNumber(value);
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
