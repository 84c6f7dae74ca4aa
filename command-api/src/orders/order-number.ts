import type { EventMetadata, EventStore } from '@labshop/shared/event-store/port';
import { WrongExpectedRevision } from '@labshop/shared/event-store/port';
import { orderNumberStream, type OrderNumberReserved } from '@labshop/shared/events/orders';
import { businessDay } from '@labshop/shared/orders/business-day';

/** Sequences run 00001..99999 per New York day. */
const LARGEST_SEQUENCE = 99_999;
/** Collisions are rare (a second process, a restart); this many in a row means the day's numbers are nearly used up. */
const MAX_ATTEMPTS = 50;

/** ddmmyyyy of the business (New York) day at `at`: the shop's day, whatever the server's zone. */
export function orderNumberDay(at: Date): string {
  const [year, month, day] = businessDay(at).split('-');
  return `${day}${month}${year}`;
}

/** 'LUM' + ddmmyyyy + 5-digit sequence, e.g. LUM2311202600042. */
export function formatOrderNumber(day: string, sequence: number): string {
  return `LUM${day}${String(sequence).padStart(5, '0')}`;
}

export interface OrderNumberAllocator {
  /** A fresh order number of the New York day of `at`, already reserved in the event store. */
  next(at: Date, metadata: EventMetadata): Promise<string>;
}

export interface OrderNumberAllocatorOptions {
  /** Returns [0, 1) like Math.random (tests pass their own). */
  random?: () => number;
  /** Numbers reserved at once, so most orders wait for no reservation at all. */
  batchSize?: number;
}

/**
 * Order numbers without a counter stream every checkout would contend on: each number is its own
 * stream, reserved by appending where no stream exists yet, so the event store decides uniqueness.
 * An allocator counts up from a random start, so one process hands out consecutive numbers without
 * collisions; when another process (or an earlier run of this one) already holds a number, it starts
 * again at another random number. Numbers are reserved a batch at a time, concurrently (one commit's
 * wait for the batch), and handed out from memory: a placement usually waits for no reservation.
 * Numbers a process reserved but never handed out (it stopped, or the day ended) are gaps.
 */
export function createOrderNumberAllocator(store: EventStore, { random = Math.random, batchSize = 16 }: OrderNumberAllocatorOptions = {}): OrderNumberAllocator {
  const lastSequence = new Map<string, number>();
  const reserved = new Map<string, string[]>();
  let refill: { day: string; done: Promise<void> } | null = null;
  const randomSequence = () => 1 + Math.floor(random() * LARGEST_SEQUENCE);

  /** Taken before any await, so concurrent reservations in this process never try the same number. */
  function nextCandidate(day: string, collided: boolean): number {
    const last = lastSequence.get(day);
    const candidate = last === undefined || collided || last >= LARGEST_SEQUENCE ? randomSequence() : last + 1;
    // Only today's cursor is worth keeping.
    if (!lastSequence.has(day)) lastSequence.clear();
    lastSequence.set(day, candidate);
    return candidate;
  }

  async function reserveOne(day: string, metadata: EventMetadata): Promise<string> {
    let collided = false;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const orderNumber = formatOrderNumber(day, nextCandidate(day, collided));
      const reservation: OrderNumberReserved = { type: 'OrderNumberReserved', data: { orderNumber } };
      try {
        await store.append(orderNumberStream(orderNumber), [{ ...reservation, metadata }], { expectedRevision: 'no_stream' });
        return orderNumber;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevision)) throw error;
        collided = true;
      }
    }
    throw new Error(`No free order number found for ${day} after ${MAX_ATTEMPTS} attempts`);
  }

  async function reserveBatch(day: string, metadata: EventMetadata): Promise<void> {
    const results = await Promise.allSettled(Array.from({ length: batchSize }, () => reserveOne(day, metadata)));
    const numbers = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const failure = results.find((result) => result.status === 'rejected');
    if (numbers.length === 0 && failure) throw failure.reason;
    // Only today's numbers are worth keeping.
    if (!reserved.has(day)) reserved.clear();
    reserved.set(day, [...(reserved.get(day) ?? []), ...numbers].sort());
  }

  return {
    async next(at, metadata) {
      const day = orderNumberDay(at);
      for (;;) {
        const ready = reserved.get(day);
        if (ready?.length) return ready.shift()!;
        // Everyone waiting for today's numbers shares one batch.
        if (refill?.day !== day) {
          const done = reserveBatch(day, metadata).finally(() => {
            if (refill?.done === done) refill = null;
          });
          refill = { day, done };
        }
        await refill.done;
      }
    },
  };
}
