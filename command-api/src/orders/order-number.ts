import type { EventMetadata, EventStore } from '@labshop/shared/event-store/port';
import { WrongExpectedRevision } from '@labshop/shared/event-store/port';
import { orderNumberStream, type OrderNumberReserved } from '@labshop/shared/events/orders';

/** Sequences run 00001..99999 per New York day. */
const LARGEST_SEQUENCE = 99_999;
/** Collisions are rare (a second process, a restart); this many in a row means the day's numbers are nearly used up. */
const MAX_ATTEMPTS = 50;

const newYorkDate = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', day: '2-digit', month: '2-digit', year: 'numeric' });

/** ddmmyyyy of the day it is in New York at `at` (the shop's day, whatever the server's zone). */
export function orderNumberDay(at: Date): string {
  const parts = Object.fromEntries(newYorkDate.formatToParts(at).map((part) => [part.type, part.value]));
  return `${parts.day}${parts.month}${parts.year}`;
}

/** 'LUM' + ddmmyyyy + 5-digit sequence, e.g. LUM2311202600042. */
export function formatOrderNumber(day: string, sequence: number): string {
  return `LUM${day}${String(sequence).padStart(5, '0')}`;
}

export interface OrderNumberAllocator {
  /** Reserves a fresh order number of the New York day of `at` for `orderId`. */
  reserve(orderId: string, at: Date, metadata: EventMetadata): Promise<string>;
}

/**
 * Order numbers without a counter stream every checkout would contend on: each number is its own
 * stream, reserved by appending where no stream exists yet, so the event store decides uniqueness.
 * An allocator counts up from a random start, so one process hands out consecutive numbers without
 * collisions; when another process (or an earlier run of this one) already holds a number, it starts
 * again at another random number. `random` returns [0, 1) like Math.random (tests pass their own).
 */
export function createOrderNumberAllocator(store: EventStore, random: () => number = Math.random): OrderNumberAllocator {
  const lastSequence = new Map<string, number>();
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

  return {
    async reserve(orderId, at, metadata) {
      const day = orderNumberDay(at);
      let collided = false;
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        const orderNumber = formatOrderNumber(day, nextCandidate(day, collided));
        const reservation: OrderNumberReserved = { type: 'OrderNumberReserved', data: { orderNumber, orderId } };
        try {
          await store.append(orderNumberStream(orderNumber), [{ ...reservation, metadata }], { expectedRevision: 'no_stream' });
          return orderNumber;
        } catch (error) {
          if (!(error instanceof WrongExpectedRevision)) throw error;
          collided = true;
        }
      }
      throw new Error(`No free order number found for ${day} after ${MAX_ATTEMPTS} attempts`);
    },
  };
}
