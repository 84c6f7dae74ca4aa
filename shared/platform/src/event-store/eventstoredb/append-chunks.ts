/**
 * Splits events into consecutive chunks whose estimated size stays within `maxBytes`, because the
 * server refuses a single append above its maximum append size (1 MiB by default). An event larger
 * than the budget travels alone, so the server reports it rather than this code hiding it.
 */
export function chunkBySize<T>(items: readonly T[], maxBytes: number, sizeOf: (item: T) => number): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let currentBytes = 0;
  for (const item of items) {
    const bytes = sizeOf(item);
    if (current.length > 0 && currentBytes + bytes > maxBytes) {
      chunks.push(current);
      current = [];
      currentBytes = 0;
    }
    current.push(item);
    currentBytes += bytes;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}
