import { ENVELOPE, erasedValue } from './personal-fields.ts';
import { seal, unseal } from './sealing.ts';

export { ENVELOPE };

/** A sealed part's envelope: whose key, which paths (not personal), and the ciphertext. */
export interface Envelope {
  owner: string;
  paths: string[];
  sealed: string;
}

type Part = Record<string, unknown>;

/** What a reader gets for a part: its owner's key, or the erased shape when the key is gone. */
export type OwnerKey = Buffer | 'erased';

export const envelopeOf = (part: Part): Envelope | undefined => part[ENVELOPE] as Envelope | undefined;

/** The listed paths that hold a value (null, undefined and objects are not personal values). */
function presentPaths(part: Part, paths: readonly string[]): string[] {
  return paths.filter((path) => {
    const value = getPath(part, path);
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
  });
}

/** Whether a part still holds any of its personal values in the clear (written before sealing, or not yet sealed). */
export const holdsPlaintext = (part: Part, paths: readonly string[]): boolean =>
  envelopeOf(part) === undefined && presentPaths(part, paths).length > 0;

/**
 * The part with its personal values moved into one sealed envelope, or replaced by their erased values
 * when the owner's key is gone. Unchanged when it holds none.
 */
export function sealPart(part: Part, owner: string, paths: readonly string[], key: OwnerKey, boundTo: string): Part {
  if (key === 'erased') return erasePlaintext(part, paths);
  const present = presentPaths(part, paths);
  if (present.length === 0) return part;
  const copy = copyAlong(part, present);
  const values = present.map((path) => getPath(part, path));
  for (const path of present) deletePath(copy, path);
  copy[ENVELOPE] = { owner, paths: present, sealed: seal(key, values, boundTo) } satisfies Envelope;
  return copy;
}

/** The part as it was appended, or with its sealed paths in the erased shape when the key is gone. */
export function openPart(part: Part, key: OwnerKey, boundTo: string): Part {
  const envelope = envelopeOf(part);
  if (!envelope) return part;
  const copy = copyAlong(part, envelope.paths);
  delete copy[ENVELOPE];
  const values =
    key === 'erased' ? envelope.paths.map(erasedValue) : (unseal(key, envelope.sealed, boundTo) as unknown[]);
  envelope.paths.forEach((path, index) => setPath(copy, path, values[index]));
  return copy;
}

/** A plaintext part of an erased owner (written before sealing, or after the erasure) in the erased shape. */
export function erasePlaintext(part: Part, paths: readonly string[]): Part {
  const present = presentPaths(part, paths);
  if (present.length === 0) return part;
  const copy = copyAlong(part, present);
  for (const path of present) setPath(copy, path, erasedValue(path));
  return copy;
}

/**
 * A copy of `part` that may be changed at `paths` without touching the original: the objects along the
 * paths are copied (shallow), everything else is shared. Cheaper than a deep clone on every read.
 */
function copyAlong(part: Part, paths: readonly string[]): Part {
  const copy = { ...part };
  const copied = new Set<unknown>([copy]);
  for (const path of paths) {
    let target = copy;
    for (const key of path.split('.').slice(0, -1)) {
      const next = target[key];
      if (typeof next !== 'object' || next === null) break;
      if (!copied.has(next)) {
        target[key] = { ...(next as Part) };
        copied.add(target[key]);
      }
      target = target[key] as Part;
    }
  }
  return copy;
}

function getPath(part: Part, path: string): unknown {
  let value: unknown = part;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Part)[key];
  }
  return value;
}

function setPath(part: Part, path: string, value: unknown): void {
  const keys = path.split('.');
  let target = part;
  for (const key of keys.slice(0, -1)) {
    if (typeof target[key] !== 'object' || target[key] === null) target[key] = {};
    target = target[key] as Part;
  }
  target[keys.at(-1)!] = value;
}

function deletePath(part: Part, path: string): void {
  const keys = path.split('.');
  let target: unknown = part;
  for (const key of keys.slice(0, -1)) {
    if (typeof target !== 'object' || target === null) return;
    target = (target as Part)[key];
  }
  if (typeof target === 'object' && target !== null) delete (target as Part)[keys.at(-1)!];
}
