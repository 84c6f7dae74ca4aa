/** Returns a copy of `items` with the item at `index` moved `offset` places; out-of-range moves return the list unchanged. */
export function moveItem<T>(items: readonly T[], index: number, offset: number): T[] {
  const target = index + offset;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length || offset === 0) return [...items];
  const reordered = [...items];
  const [moved] = reordered.splice(index, 1) as [T];
  reordered.splice(target, 0, moved);
  return reordered;
}

/** True when both lists hold the same ids in the same order. */
export const sameOrder = (left: readonly string[], right: readonly string[]) =>
  left.length === right.length && left.every((id, index) => id === right[index]);
