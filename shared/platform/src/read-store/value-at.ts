/** The value at a field path (`['order', 'status']` for "order.status"), as the read stores' `where` reads it: no step into an array. */
export function valueAt(document: object, path: readonly string[]): unknown {
  let value: unknown = document;
  for (const segment of path) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}
