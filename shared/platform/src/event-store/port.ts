/**
 * The EventStore port. Two adapters implement it: PostgreSQL (local, CI) and EventStoreDB
 * (production). Both must pass `event-store.contract.ts`.
 */

/** 'anonymous': a shopper without a session (their cart's commands); the id is the cart id. */
export type ActorKind = 'customer' | 'admin' | 'system' | 'anonymous';

export interface Actor {
  kind: ActorKind;
  id: string;
  email: string;
}

export interface EventMetadata {
  actor: Actor;
  correlationId: string;
  causationId: string;
  /** ISO-8601 time the command that caused the event was handled. */
  occurredAt: string;
  /** The client address of the request behind the event (the audit log's "from where"); absent on older events and outside requests. */
  ip?: string;
  /** The request's User-Agent header, cut to 300 characters; absent like `ip`. */
  userAgent?: string;
}

/** An event about to be appended. `id` defaults to a fresh uuid. */
export interface NewEvent<Type extends string = string, Data = unknown> {
  id?: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
}

/**
 * A global position. Adapters encode it so that plain string comparison orders positions;
 * `START` sorts before every real position.
 */
export type Position = string;
export const START: Position = '';

export interface RecordedEvent<Type extends string = string, Data = unknown> {
  id: string;
  type: Type;
  stream: string;
  /** 0-based revision of the event in its stream. */
  revision: number;
  position: Position;
  data: Data;
  metadata: EventMetadata;
}

/** A revision number (the expected revision of the stream's last event), or a stream state. */
export type ExpectedRevision = number | 'no_stream' | 'exists' | 'any';

export interface AppendResult {
  /** Revision of the last event appended. */
  nextRevision: number;
  /** Position of the last event appended. */
  position: Position;
}

export class WrongExpectedRevision extends Error {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    /** The stream's current revision, or 'no_stream'. */
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${stream}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevision';
  }
}

export interface ReadStreamOptions {
  fromRevision?: number;
  toRevision?: number;
  /** Only events whose metadata.occurredAt is at or before this time (time travel). */
  until?: Date;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. */
  after?: Position;
  types?: readonly string[];
  limit?: number;
}

export interface SubscribeOptions {
  /** Exclusive: deliver events strictly after this position (a checkpoint). */
  after?: Position;
  types?: readonly string[];
  /** Largest batch handed to the handler at once. */
  maxBatchSize?: number;
}

/**
 * Events are handed over in batches, in global order. The next batch is only read after the
 * handler's promise settles (backpressure). If the handler throws, the subscription stops and
 * `done` rejects with that error; the consumer restarts it from its own checkpoint.
 */
export type BatchHandler = (events: RecordedEvent[]) => Promise<void>;

export interface Subscription {
  /** Stops delivering; resolves once the handler is no longer running. */
  stop(): Promise<void>;
  /** Settles when the subscription ends: resolves after stop(), rejects on a handler error. */
  readonly done: Promise<void>;
}

export interface EventStore {
  append(
    stream: string,
    events: readonly NewEvent[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult>;
  readStream(stream: string, options?: ReadStreamOptions): AsyncIterable<RecordedEvent>;
  readAll(options?: ReadAllOptions): AsyncIterable<RecordedEvent>;
  /** Catch-up then live. */
  subscribe(options: SubscribeOptions, handler: BatchHandler): Subscription;
  /** The position of the newest event visible to subscribers, or START. */
  headPosition(): Promise<Position>;
  /**
   * Whether `position` is one of this store's positions and could be an event's already, or will
   * never be ('malformed'), or is past every event written or being written ('beyond'): a reader
   * waiting for it would wait in vain.
   */
  checkPosition(position: Position): Promise<'possible' | 'malformed' | 'beyond'>;
  close(): Promise<void>;
}
