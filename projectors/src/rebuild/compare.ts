import type { StoredDocument } from '@labshop/platform/read-store/port';

/** One field where the live read model and its rebuild disagree; `undefined` is "absent on that side". */
export interface Difference {
  id: string;
  /** A dotted path (array items by index); '' when the whole document is missing on one side. */
  field: string;
  live: unknown;
  rebuilt: unknown;
}

/**
 * Every difference between two versions of a collection's documents, by id then field. The rebuilt
 * documents are taken as JSON (what a store would keep), so a field left `undefined` in memory and a
 * field absent from the store compare equal.
 */
export function compareDocuments(live: Iterable<StoredDocument>, rebuilt: Iterable<StoredDocument>): Difference[] {
  const liveById = new Map([...live].map((document) => [document.id, document]));
  const rebuiltById = new Map(
    [...rebuilt].map((document) => [document.id, JSON.parse(JSON.stringify(document)) as StoredDocument]),
  );
  const ids = [...new Set([...liveById.keys(), ...rebuiltById.keys()])].sort();
  const differences: Difference[] = [];
  for (const id of ids) {
    const before = liveById.get(id);
    const after = rebuiltById.get(id);
    if (!before || !after) differences.push({ id, field: '', live: before, rebuilt: after });
    else diffValues(id, '', before, after, differences);
  }
  return differences;
}

function diffValues(id: string, field: string, live: unknown, rebuilt: unknown, differences: Difference[]): void {
  if (isObject(live) && isObject(rebuilt) && Array.isArray(live) === Array.isArray(rebuilt)) {
    const keys = Array.isArray(live)
      ? Array.from({ length: Math.max(live.length, (rebuilt as unknown[]).length) }, (_, index) => String(index))
      : [...new Set([...Object.keys(live), ...Object.keys(rebuilt)])].sort();
    for (const key of keys) {
      diffValues(
        id,
        field ? `${field}.${key}` : key,
        (live as Record<string, unknown>)[key],
        (rebuilt as Record<string, unknown>)[key],
        differences,
      );
    }
    return;
  }
  if (live !== rebuilt) differences.push({ id, field, live, rebuilt });
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}
