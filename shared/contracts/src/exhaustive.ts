/** Ends a switch over a union: a new member that is not handled fails type-checking here. */
export function exhaustive(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
