import type { ReadStoreSession } from './port.ts';

/**
 * Where each projection's documents live. Version N of a projection writes to the collection
 * `<name>__v<N>` and keeps its own checkpoint; a small record (kept beside the checkpoints, so it
 * changes in the same transaction) says which version readers use. A rebuild fills a fresh
 * collection while readers keep the old one, then swaps in one write.
 */
export const physicalCollection = (name: string, version: number) => `${name}__v${version}`;
export const checkpointName = (name: string, version: number) => `projection:${name}:v${version}`;
/**
 * The position of the last event that changed a document: unlike the checkpoint, other models' events leave it alone.
 * A rebuild's swap sets it to its position marked `~rebuilt-<time>`, so readers' caches of the model drop too.
 */
export const lastChangeName = (name: string, version: number) => `projection-changed:${name}:v${version}`;
const activeVersionKey = (name: string) => `projection-active-version:${name}`;

export async function activeVersion(session: ReadStoreSession, name: string): Promise<number | null> {
  const stored = await session.getCheckpoint(activeVersionKey(name));
  return stored === null ? null : Number(stored);
}

export async function setActiveVersion(session: ReadStoreSession, name: string, version: number): Promise<void> {
  await session.setCheckpoint(activeVersionKey(name), String(version));
}
