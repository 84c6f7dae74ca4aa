import { DomainError } from '@labshop/contracts/domain-error';

/**
 * Checks a requested display order against the current one: every child exactly once, nothing else.
 * Returns false when the order would not change, so the decider records nothing.
 */
export function isNewOrder(
  current: readonly string[],
  requested: readonly string[],
  label: string,
  field: string,
): boolean {
  const wanted = new Set(requested);
  const isPermutation =
    wanted.size === requested.length && wanted.size === current.length && current.every((id) => wanted.has(id));
  if (!isPermutation) {
    const message = `The new order must list every ${label} exactly once`;
    throw new DomainError('invalid', message, { [field]: message });
  }
  return !requested.every((id, index) => current[index] === id);
}
