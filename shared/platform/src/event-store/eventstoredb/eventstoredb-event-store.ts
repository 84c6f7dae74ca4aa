import { randomUUID } from 'node:crypto';
import {
  ANY,
  END,
  ErrorType,
  EventStoreDBClient,
  NO_STREAM,
  START as ESDB_START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  BACKWARDS,
  eventTypeFilter,
  excludeSystemEvents,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type EventData,
  type ReadPosition,
  type ResolvedEvent,
} from '@eventstore/db-client';
import {
  START,
  WrongExpectedRevision,
  type AppendResult,
  type BatchHandler,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../port.ts';
import { chunkBySize } from './append-chunks.ts';
import { inBatches } from './in-batches.ts';
import { decodePosition, encodePosition } from './position.ts';

export type EventStoreDbEventStoreOptions = ({ connectionString: string } | { client: EventStoreDBClient }) & {
  /** How long a subscription waits for more events to fill a batch (default 5 ms). */
  batchLingerMs?: number;
  /** Default largest batch handed to a subscription handler (default 500). */
  maxBatchSize?: number;
};

// The server refuses appends above 1 MiB by default; the margin covers record framing.
const MAX_APPEND_BYTES = 1024 * 1024 - 128 * 1024;
const RECORD_OVERHEAD_BYTES = 128;
const FIRST_RETRY_DELAY_MS = 100;
const MAX_RETRY_DELAY_MS = 5_000;
// Retrying these cannot help: the subscription request itself is wrong or not allowed.
const PERMANENT_ERRORS: ReadonlySet<string> = new Set([
  ErrorType.ACCESS_DENIED,
  ErrorType.INVALID_ARGUMENT,
  ErrorType.UNSUPPORTED,
]);

export function createEventStoreDbEventStore(options: EventStoreDbEventStoreOptions): EventStore {
  const ownsClient = !('client' in options);
  const client = 'client' in options ? options.client : EventStoreDBClient.connectionString(options.connectionString);
  const batchLingerMs = options.batchLingerMs ?? 5;
  const defaultMaxBatchSize = options.maxBatchSize ?? 500;
  const subscriptions = new Set<Subscription>();

  async function positionOfRevision(stream: string, revision: bigint): Promise<Position> {
    for await (const resolved of client.readStream(stream, { fromRevision: revision, maxCount: 1 })) {
      if (resolved.event?.position) return encodePosition(resolved.event.position);
    }
    throw new Error(`Stream ${stream}: the event at revision ${revision} just appended could not be read back`);
  }

  async function headPosition(): Promise<Position> {
    for await (const resolved of client.readAll({ fromPosition: END, direction: BACKWARDS })) {
      const event = toRecordedEvent(resolved);
      if (event) return event.position;
    }
    return START;
  }

  return {
    async append(
      stream: string,
      events: readonly NewEvent[],
      { expectedRevision }: { expectedRevision: ExpectedRevision },
    ): Promise<AppendResult> {
      if (events.length === 0) throw new RangeError(`append to ${stream}: at least one event is required`);
      const eventData = events.map(toEventData);
      const chunks = chunkBySize(eventData, MAX_APPEND_BYTES, (event) => estimatedBytes(stream, event));
      // Several chunks are several appends: each is atomic, the whole is not; the first checks the
      // caller's expected revision and each later one the revision the previous chunk produced.
      let expected: AppendExpectedRevision = toEsdbExpectedRevision(expectedRevision);
      let nextRevision = -1n;
      let serverPosition: AppendResult['position'] | undefined;
      for (const chunk of chunks) {
        try {
          const result = await client.appendToStream(stream, chunk, { expectedRevision: expected });
          nextRevision = result.nextExpectedRevision;
          serverPosition = result.position ? encodePosition(result.position) : undefined;
          expected = nextRevision;
        } catch (error) {
          if (error instanceof WrongExpectedVersionError) {
            const actual = error.actualVersion === NO_STREAM ? 'no_stream' : Number(error.actualVersion);
            throw new WrongExpectedRevision(stream, expectedRevision, actual);
          }
          throw error;
        }
      }
      // The server reports the position of the write's first record; it is the last event's only
      // when the write held a single event.
      const lastChunkHeldOneEvent = chunks.at(-1)!.length === 1;
      const position =
        lastChunkHeldOneEvent && serverPosition ? serverPosition : await positionOfRevision(stream, nextRevision);
      return { nextRevision: Number(nextRevision), position };
    },

    async *readStream(
      stream: string,
      { fromRevision = 0, toRevision, until }: ReadStreamOptions = {},
    ): AsyncIterable<RecordedEvent> {
      if (toRevision !== undefined && toRevision < fromRevision) return;
      const maxCount = toRevision === undefined ? undefined : BigInt(toRevision - fromRevision + 1);
      try {
        for await (const resolved of client.readStream(stream, {
          fromRevision: BigInt(fromRevision),
          ...(maxCount ? { maxCount } : {}),
        })) {
          const event = toRecordedEvent(resolved);
          if (event && (!until || Date.parse(event.metadata.occurredAt) <= until.getTime())) yield event;
        }
      } catch (error) {
        if (error instanceof StreamNotFoundError) return;
        throw error;
      }
    },

    async *readAll({
      after = START,
      types,
      limit = Number.POSITIVE_INFINITY,
    }: ReadAllOptions = {}): AsyncIterable<RecordedEvent> {
      if (limit <= 0) return;
      let remaining = limit;
      const wanted = types ? new Set(types) : undefined;
      // Reading $all from a position includes the event at it; the port's `after` is exclusive.
      for await (const resolved of client.readAll({
        fromPosition: after === START ? ESDB_START : decodePosition(after),
      })) {
        const event = toRecordedEvent(resolved);
        if (!event || event.position <= after || (wanted && !wanted.has(event.type))) continue;
        yield event;
        remaining -= 1;
        if (remaining === 0) return;
      }
    },

    subscribe(
      { after = START, types, maxBatchSize = defaultMaxBatchSize }: SubscribeOptions,
      handler: BatchHandler,
    ): Subscription {
      const fromPosition: ReadPosition = after === START ? ESDB_START : decodePosition(after);
      const filter = types
        ? eventTypeFilter({ regex: `^(?:${types.map(escapeRegExp).join('|')})$` })
        : excludeSystemEvents();
      const wanted = types ? new Set(types) : undefined;
      let stopped = false;
      let current: AllStreamSubscription | undefined;
      let interruptSleep: (() => void) | undefined;

      const sleep = (ms: number) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, ms);
          interruptSleep = () => {
            clearTimeout(timer);
            resolve();
          };
        });

      async function* userEvents(source: AllStreamSubscription, checkpoint: Position): AsyncGenerator<RecordedEvent> {
        for await (const resolved of source) {
          const event = toRecordedEvent(resolved);
          // The server filter is the main one; this guards resumption overlap and system events.
          if (event && event.position > checkpoint && (!wanted || wanted.has(event.type))) yield event;
        }
      }

      const run = async () => {
        let checkpoint = after;
        let position: ReadPosition = fromPosition;
        let retryDelayMs = FIRST_RETRY_DELAY_MS;
        while (!stopped) {
          const source = client.subscribeToAll({ fromPosition: position, filter });
          current = source;
          let handlerFailure: { error: unknown } | undefined;
          try {
            for await (const batch of inBatches(userEvents(source, checkpoint), maxBatchSize, batchLingerMs)) {
              if (stopped) break;
              try {
                await handler(batch);
              } catch (error) {
                handlerFailure = { error };
                break;
              }
              const last = batch.at(-1)!;
              checkpoint = last.position;
              position = decodePosition(last.position);
              retryDelayMs = FIRST_RETRY_DELAY_MS;
            }
          } catch (error) {
            if (stopped) return;
            if (isPermanent(error)) throw error;
          } finally {
            await endSubscription(source);
          }
          if (handlerFailure) throw handlerFailure.error;
          if (stopped) return;
          // Dropped (server restart, UNAVAILABLE, leader change) or ended: re-create from the last delivered position.
          await sleep(retryDelayMs);
          retryDelayMs = Math.min(retryDelayMs * 2, MAX_RETRY_DELAY_MS);
        }
      };

      const done = run();
      const subscription: Subscription = {
        done,
        async stop() {
          stopped = true;
          interruptSleep?.();
          if (current) await endSubscription(current);
          await done.catch(() => undefined);
        },
      };
      subscriptions.add(subscription);
      const forget = () => subscriptions.delete(subscription);
      done.then(forget, forget);
      return subscription;
    },

    headPosition,

    async checkPosition(position: Position) {
      try {
        decodePosition(position);
      } catch {
        return 'malformed' as const;
      }
      // Appends are acknowledged once written: nothing beyond the head is being written.
      return position > (await headPosition()) ? ('beyond' as const) : ('possible' as const);
    },

    async close(): Promise<void> {
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      if (ownsClient) await client.dispose();
    },
  };
}

function toEventData(event: NewEvent): EventData {
  return {
    id: event.id ?? randomUUID(),
    contentType: 'application/json',
    type: event.type,
    data: event.data as Record<string, unknown>,
    metadata: event.metadata as unknown as Record<string, unknown>,
  };
}

function estimatedBytes(stream: string, event: EventData): number {
  return (
    RECORD_OVERHEAD_BYTES +
    Buffer.byteLength(stream) +
    Buffer.byteLength(event.type) +
    Buffer.byteLength(JSON.stringify(event.data)) +
    Buffer.byteLength(JSON.stringify(event.metadata))
  );
}

function toEsdbExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'exists':
      return STREAM_EXISTS;
    case 'any':
      return ANY;
    default:
      if (!(Number.isSafeInteger(expected) && expected >= 0))
        throw new RangeError(`expectedRevision must be a non-negative integer, got ${expected}`);
      return BigInt(expected);
  }
}

/** Our events only: links, deleted events and system events (`$...` types or streams) are skipped. */
function toRecordedEvent(resolved: ResolvedEvent): RecordedEvent | undefined {
  const event = resolved.event;
  if (!event || event.type.startsWith('$') || event.streamId.startsWith('$')) return undefined;
  if (!event.position)
    throw new UnsupportedServerError('EventStoreDB did not report event positions; version 22.6 or later is required');
  return {
    id: event.id,
    type: event.type,
    stream: event.streamId,
    revision: Number(event.revision),
    position: encodePosition(event.position),
    data: event.data,
    metadata: event.metadata as unknown as EventMetadata,
  };
}

async function endSubscription(source: AllStreamSubscription): Promise<void> {
  await source.unsubscribe().catch(() => undefined);
  source.destroy();
}

class UnsupportedServerError extends Error {
  override name = 'UnsupportedServerError';
}

function isPermanent(error: unknown): boolean {
  if (error instanceof UnsupportedServerError) return true;
  const type = (error as { type?: unknown } | null)?.type;
  return typeof type === 'string' && PERMANENT_ERRORS.has(type);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
