import type { EventMetadata, EventStore, ExpectedRevision, NewEvent } from '@labshop/platform/event-store/port';
import { WrongExpectedRevision } from '@labshop/platform/event-store/port';
import { DomainError } from '@labshop/contracts/domain-error';
import { orderNumbersStream, type OrderNumberReserved } from '@labshop/contracts/orders/events';
import { businessDay } from '@labshop/contracts/orders/business-day';

/** Digits of the daily sequence: 9,999,999 orders a New York day, far beyond any day the per-customer limits let through. */
const SEQUENCE_DIGITS = 7;
export const DAILY_ORDER_NUMBERS = 10 ** SEQUENCE_DIGITS - 1;

export const ORDER_NUMBERS_USED_UP =
  'We cannot number any more orders today. Your cart is kept: please place the order after midnight New York time, or call us.';

/** ddmmyyyy of the business (New York) day at `at`: the shop's day, whatever the server's zone. */
export function orderNumberDay(at: Date): string {
  const [year, month, day] = businessDay(at).split('-');
  return `${day}${month}${year}`;
}

/** 'LUM' + ddmmyyyy + 7-digit sequence, e.g. LUM231120260000042. */
export function formatOrderNumber(day: string, sequence: number): string {
  return `LUM${day}${String(sequence).padStart(SEQUENCE_DIGITS, '0')}`;
}

export interface OrderNumberAllocator {
  /** The next order number of the New York day of `at`, already reserved in the event store. */
  next(at: Date, metadata: EventMetadata): Promise<string>;
}

export interface OrderNumberAllocatorOptions {
  /** Numbers a day holds (tests use a few to reach the end); the shop uses DAILY_ORDER_NUMBERS. */
  capacity?: number;
}

interface Waiter {
  metadata: EventMetadata;
  resolve(orderNumber: string): void;
  reject(error: unknown): void;
}

/** What this process knows of the day's stream: its revision and the last sequence it holds. */
interface DayState {
  day: string;
  revision: ExpectedRevision;
  lastSequence: number;
}

/**
 * Order numbers from one counter stream per New York day, `order-numbers-<ddmmyyyy>`: each reservation is
 * appended at the revision this process last saw, so the event store orders every process's reservations and
 * a number reserved later is always larger (strictly increasing within a day, across processes, no gaps
 * but lost races with the same idempotency key). Checkouts waiting in this process at the same moment share
 * one append (one event per order, each with its own metadata), so the stream serialises appends, not
 * orders. A lost race reads the events it missed and tries again. Nothing is reserved ahead: a number is
 * handed out the moment it is reserved. Past `capacity` the order is refused with a 409, never a 500.
 */
export function createOrderNumberAllocator(
  store: EventStore,
  { capacity = DAILY_ORDER_NUMBERS }: OrderNumberAllocatorOptions = {},
): OrderNumberAllocator {
  let state: DayState | null = null;
  const waiting = new Map<string, Waiter[]>();
  let running: Promise<void> | null = null;

  async function catchUp(day: string): Promise<DayState> {
    const known: DayState = state?.day === day ? state : { day, revision: 'no_stream', lastSequence: 0 };
    const fromRevision = known.revision === 'no_stream' ? 0 : Number(known.revision) + 1;
    let caughtUp = known;
    for await (const event of store.readStream(orderNumbersStream(day), { fromRevision })) {
      caughtUp = { day, revision: event.revision, lastSequence: (event.data as OrderNumberReserved['data']).sequence };
    }
    return caughtUp;
  }

  async function reserveFor(day: string, waiters: Waiter[]): Promise<void> {
    let known: DayState = state?.day === day ? state : await catchUp(day);
    for (;;) {
      const room = Math.max(0, capacity - known.lastSequence);
      for (const waiter of waiters.splice(room)) waiter.reject(new DomainError('conflict', ORDER_NUMBERS_USED_UP));
      if (waiters.length === 0) return;
      const numbers = waiters.map((_, index) => formatOrderNumber(day, known.lastSequence + 1 + index));
      const events: NewEvent[] = waiters.map((waiter, index) => ({
        type: 'OrderNumberReserved',
        data: {
          orderNumber: numbers[index]!,
          sequence: known.lastSequence + 1 + index,
        } satisfies OrderNumberReserved['data'],
        metadata: waiter.metadata,
      }));
      try {
        const { nextRevision } = await store.append(orderNumbersStream(day), events, {
          expectedRevision: known.revision,
        });
        state = { day, revision: nextRevision, lastSequence: known.lastSequence + waiters.length };
        waiters.forEach((waiter, index) => waiter.resolve(numbers[index]!));
        return;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevision)) throw error;
        // Another process reserved meanwhile: take in what it wrote, then number after it.
        state = known;
        known = await catchUp(day);
      }
    }
  }

  /** One reservation at a time in this process; whoever arrived meanwhile goes in the next one. */
  async function drain(): Promise<void> {
    for (const [day, waiters] of [...waiting]) {
      waiting.delete(day);
      try {
        await reserveFor(day, waiters);
      } catch (error) {
        for (const waiter of waiters) waiter.reject(error);
      }
    }
  }

  function kick() {
    if (running) return;
    running = drain().finally(() => {
      running = null;
      if (waiting.size > 0) kick();
    });
  }

  return {
    next(at, metadata) {
      const day = orderNumberDay(at);
      return new Promise<string>((resolve, reject) => {
        waiting.set(day, [...(waiting.get(day) ?? []), { metadata, resolve, reject }]);
        kick();
      });
    },
  };
}
