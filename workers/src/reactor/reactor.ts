import type { RecordedEvent } from '@labshop/platform/event-store/port';

/** A job a reactor asks for: which BullMQ queue, which processor (`name`), and its JSON data. */
export interface JobRequest<Data = unknown> {
  queue: string;
  name: string;
  data: Data;
  /** ISO time before which the job must not run (a BullMQ delayed job); absent: at once. */
  runAt?: string;
}

/**
 * Turns events into jobs. `toJobs` is pure: the same event always gives the same jobs in the same
 * order, because the job ids derived from it are what makes redelivery harmless.
 */
export interface Reactor {
  /** Also names the reactor's checkpoint; never rename a reactor that has run. */
  name: string;
  eventTypes: readonly string[];
  toJobs(event: RecordedEvent): JobRequest[];
}

export interface IdentifiedJob extends JobRequest {
  id: string;
}

/**
 * The job id is the event id, so BullMQ drops a job it already holds when an event is delivered
 * again. Several jobs from one event are told apart by their index (`-` because BullMQ refuses `:`).
 */
export function jobsForEvent(reactor: Reactor, event: RecordedEvent): IdentifiedJob[] {
  const requests = reactor.toJobs(event);
  if (requests.length === 1) return requests.map((request) => ({ ...request, id: event.id }));
  return requests.map((request, index) => ({ ...request, id: `${event.id}-${index + 1}` }));
}

export function checkpointName(reactor: Reactor): string {
  return `reactor:${reactor.name}`;
}

/**
 * Two reactors on one event type could both derive the job id `<event id>` for the same queue, and
 * BullMQ would silently drop the second job as a duplicate. So an event type belongs to one reactor,
 * which returns every job the event calls for.
 */
export function assertDistinctReactors(reactors: readonly Reactor[]): void {
  const names = new Set<string>();
  const owners = new Map<string, string>();
  for (const reactor of reactors) {
    if (names.has(reactor.name)) throw new Error(`Two reactors are named ${reactor.name}`);
    names.add(reactor.name);
    if (reactor.eventTypes.length === 0) throw new Error(`Reactor ${reactor.name} lists no event types`);
    for (const type of reactor.eventTypes) {
      const owner = owners.get(type);
      if (owner !== undefined) throw new Error(`Event type ${type} is handled by both ${owner} and ${reactor.name}`);
      owners.set(type, reactor.name);
    }
  }
}
