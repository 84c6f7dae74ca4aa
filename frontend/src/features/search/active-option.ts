/**
 * The option a listbox arrow key lands on: Down from none goes to the first, Up from none to the last,
 * and both wrap around; null when there are no options.
 */
export function nextActiveOption(active: number | null, key: 'ArrowDown' | 'ArrowUp', count: number): number | null {
  if (count === 0) return null;
  if (active === null) return key === 'ArrowDown' ? 0 : count - 1;
  const step = key === 'ArrowDown' ? 1 : -1;
  return (active + step + count) % count;
}
