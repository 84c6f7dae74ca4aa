import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent, RecordedEvent } from '../port.ts';
import type { KeyStore, StoredKey } from './key-store.ts';
import { orderOwnedPaths, personalPartsOf, type PersonalPart } from './personal-fields.ts';
import { envelopeOf, erasePlaintext, openPart, sealPart } from './sealed-parts.ts';

/** The event that erases a customer: the store deletes their key (and their inbox submissions' keys) before it records it. */
export const CUSTOMER_ERASED = 'CustomerErased';

/** The owners whose keys a CustomerErased deletes. */
const erasedOwners = (data: unknown): string[] => {
  const { customerId, submissionIds = [] } = data as { customerId: string; submissionIds?: string[] };
  return [customerId, ...submissionIds];
};

export interface PersonalDataOptions {
  /** How long a key (or its absence) read from the key store is trusted; an erasure seen in the log applies at once. Default 5 s. */
  keyCacheMs?: number;
  /** Events opened together, so their owners' keys are looked up in one query. Default 256. */
  readChunk?: number;
}

const boundTo = (eventId: string, part: PersonalPart['part']) => `${eventId}/${part}`;

/**
 * Crypto-shredding as an EventStore decorator, so every reader (command handlers, projectors, the
 * finance replay, time travel) sees events as appended and nothing else in the system knows:
 * - append: the personal fields (personal-fields.ts) of each event move into an envelope sealed with
 *   their owner's key (AES-256-GCM, bound to the event id); an erased owner's are written erased.
 *   Appending `CustomerErased` deletes the customer's key first.
 * - read: envelopes are opened; once the key is gone the fields read as the erased customer. A part
 *   written before this store (plaintext) passes through, or reads erased when its owner was erased.
 * Events without personal data (catalogue, most staff moves, invoices, anonymous carts) are not touched;
 * staff's free text on an order (personal-fields.ts) is sealed with the order's customer's key.
 */
export function withPersonalDataProtection(
  inner: EventStore,
  keys: KeyStore,
  options: PersonalDataOptions = {},
): EventStore {
  const keyCacheMs = options.keyCacheMs ?? 5_000;
  const readChunk = options.readChunk ?? 256;
  // owner → key, 'erased' (final, never expires) or 'none' (no key yet: plaintext passes), with when it was read.
  const cache = new Map<string, { key: StoredKey | 'none'; at: number }>();

  // owner → the key appends seal their data with, kept after its first lookup or creation (an owner's key
  // never changes; it only goes). Dropped when this process erases the owner or reads their erasure; a process
  // that has not seen an erasure elsewhere yet seals with the deleted key, which nobody can open any more.
  const sealingKeys = new Map<string, Buffer>();

  const remember = (owner: string, key: StoredKey | 'none') => {
    cache.set(owner, { key, at: Date.now() });
    if (key === 'erased') sealingKeys.delete(owner);
  };

  async function sealingKeyFor(owner: string): Promise<StoredKey> {
    const known = sealingKeys.get(owner);
    if (known) return known;
    const key = await keys.keyFor(owner);
    if (key === 'erased') remember(owner, key);
    else {
      // Bounded like the read cache.
      if (sealingKeys.size >= 100_000) sealingKeys.clear();
      sealingKeys.set(owner, key);
    }
    return key;
  }
  const cached = (owner: string) => {
    const entry = cache.get(owner);
    if (!entry) return undefined;
    return entry.key === 'erased' || Date.now() - entry.at < keyCacheMs ? entry.key : undefined;
  };

  /** Loads the keys the events need that the cache cannot answer, in one query. */
  async function loadKeys(events: readonly RecordedEvent[]): Promise<void> {
    // Bounded: emptied only here, before a chunk's keys are gathered, so a chunk never loses the keys it was given.
    if (cache.size >= 100_000) cache.clear();
    const wanted = new Set<string>();
    for (const event of events) {
      for (const part of personalPartsOf(event)) {
        const known = cached(part.owner);
        const sealed = envelopeOf(event[part.part] as Record<string, unknown>) !== undefined;
        if (known === undefined || (known === 'none' && sealed)) wanted.add(part.owner);
      }
    }
    if (wanted.size === 0) return;
    const found = await keys.lookup([...wanted]);
    for (const owner of wanted) remember(owner, found.get(owner) ?? 'none');
  }

  function open(event: RecordedEvent): RecordedEvent {
    if (event.type === CUSTOMER_ERASED) for (const owner of erasedOwners(event.data)) remember(owner, 'erased');
    const parts = personalPartsOf(event);
    if (parts.length === 0) return event;
    const opened = { ...event };
    for (const { part, owner, paths } of parts) {
      const value = event[part] as Record<string, unknown>;
      // What loadKeys just made sure of, whatever its age now: an entry it found fresh may have expired
      // while it waited for the lookup of other owners (then this threw "No key" on a busy machine).
      const key = cache.get(owner)?.key;
      if (envelopeOf(value)) {
        if (key === undefined || key === 'none')
          throw new Error(`No key for the personal data of ${owner} in event ${event.id}`);
        (opened[part] as unknown) = openPart(value, key, boundTo(event.id, part));
      } else if (key === 'erased') {
        (opened[part] as unknown) = erasePlaintext(value, paths);
      }
    }
    return opened;
  }

  async function openAll(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    await loadKeys(events);
    return events.map(open);
  }

  async function* openEach(source: AsyncIterable<RecordedEvent>): AsyncIterable<RecordedEvent> {
    let chunk: RecordedEvent[] = [];
    for await (const event of source) {
      chunk.push(event);
      if (chunk.length >= readChunk) {
        yield* await openAll(chunk);
        chunk = [];
      }
    }
    if (chunk.length > 0) yield* await openAll(chunk);
  }

  // order stream → its customer (an order's customer never changes); bounded like the key cache.
  const orderOwners = new Map<string, string | undefined>();

  /** The customer of the order whose stream an order-owned event (staff's free text) is appended to: its first event names them. */
  async function orderOwnerOf(stream: string, event: NewEvent): Promise<string | undefined> {
    if (!orderOwnedPaths[event.type]) return undefined;
    if (!orderOwners.has(stream)) {
      if (orderOwners.size >= 100_000) orderOwners.clear();
      let owner: string | undefined;
      for await (const first of inner.readStream(stream, { toRevision: 0 }))
        owner = (first.data as { customerId?: unknown }).customerId as string | undefined;
      orderOwners.set(stream, typeof owner === 'string' ? owner : undefined);
    }
    return orderOwners.get(stream);
  }

  async function sealEvent(stream: string, event: NewEvent): Promise<NewEvent> {
    const parts = personalPartsOf(event, await orderOwnerOf(stream, event));
    if (parts.length === 0) return event;
    const id = event.id ?? randomUUID();
    const sealed = { ...event, id };
    for (const { part, owner, paths } of parts) {
      const key = await sealingKeyFor(owner);
      (sealed[part] as unknown) = sealPart(
        event[part] as Record<string, unknown>,
        owner,
        paths,
        key,
        boundTo(id, part),
      );
    }
    return sealed;
  }

  return {
    async append(stream, events, options) {
      for (const event of events) {
        if (event.type !== CUSTOMER_ERASED) continue;
        for (const owner of erasedOwners(event.data)) {
          await keys.erase(owner);
          remember(owner, 'erased');
        }
      }
      return inner.append(stream, await Promise.all(events.map((event) => sealEvent(stream, event))), options);
    },
    readStream: (stream, options) => openEach(inner.readStream(stream, options)),
    readAll: (options) => openEach(inner.readAll(options)),
    subscribe: (options, handler) => inner.subscribe(options, async (events) => handler(await openAll(events))),
    headPosition: () => inner.headPosition(),
    checkPosition: (position) => inner.checkPosition(position),
    close: () => inner.close(),
  };
}
