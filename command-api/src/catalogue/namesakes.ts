import { DomainError } from '@labshop/contracts/domain-error';

/**
 * Two names at one level of the catalogue read as the same to a shopper when they differ only in case
 * or spacing ("Cell Culture Products" and " cell  culture products"): the shop would show two
 * categories of that name, one of them empty.
 */
const nameKey = (name: string) => name.normalize('NFKC').toLocaleLowerCase('en-US').replace(/\s+/g, '');

/**
 * Refuses `name` (409, with the message on `field`) when a sibling other than `selfId` already reads
 * the same; `describe` words the refusal with the sibling's name as stored.
 */
export function refuseNamesake(
  siblings: Readonly<Record<string, string>>,
  name: string,
  selfId: string,
  field: string,
  describe: (existingName: string) => string,
): void {
  const key = nameKey(name);
  const namesake = Object.entries(siblings).find(([id, sibling]) => id !== selfId && nameKey(sibling) === key);
  if (namesake === undefined) return;
  const message = describe(namesake[1]);
  throw new DomainError('conflict', message, { [field]: message });
}

/** Id → name of a level's items, for `refuseNamesake`. */
export const namesOf = <T>(items: Readonly<Record<string, T>>, nameOf: (item: T) => string): Record<string, string> =>
  Object.fromEntries(Object.entries(items).map(([id, item]) => [id, nameOf(item)]));
