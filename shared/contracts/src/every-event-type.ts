/** The members of `Type` that `Listed` leaves out: none (`unknown`, no constraint) or a property naming them. */
type Unlisted<Type extends string, Listed extends string> = [Exclude<Type, Listed>] extends [never]
  ? unknown
  : { readonly unlistedEventTypes: Exclude<Type, Listed> };

/**
 * The runtime list of an event union's types, checked against the union: `everyEventType<StockEvent['type']>()([...])`
 * fails type-checking while a member of the union is missing from the list (the error names it) or a name outside it
 * is listed. A type added to the union therefore fails here until the list names it. (Curried because TypeScript
 * infers none of a call's type arguments once one is given.)
 */
export const everyEventType =
  <Type extends string>() =>
  <const List extends readonly Type[]>(list: List & Unlisted<Type, List[number]>): readonly Type[] =>
    list;

/**
 * The type guard of the events an event union lists by type: `const isStockEvent = eventGuard<StockEvent>(stockEventTypes)`
 * is true for a recorded (or any other) event whose type is one of `types`.
 */
export const eventGuard = <Listed extends { type: string }>(types: readonly Listed['type'][]) => {
  const listed: ReadonlySet<string> = new Set(types);
  return <E extends { type: string }>(event: E): event is E & Listed => listed.has(event.type);
};
