import type { EventStore, Position } from '../event-store/port.ts';
import { START } from '../event-store/port.ts';
import { onLocalAppends } from '../event-store/local-appends.ts';
import { startConsumerLoop } from '../event-store/consumer-loop.ts';
import { adminStream } from '@labshop/contracts/admins/events';
import { customerStream } from '@labshop/contracts/customers/events';
import type { Role } from './tokens.ts';

/** The events that end every session of their account issued before them (a password reset or change, an erasure). */
export const SESSION_ENDING_EVENTS: ReadonlySet<string> = new Set([
  'CustomerPasswordReset',
  'AdminPasswordChanged',
  'CustomerErased',
]);

/** The events that end one session, named by its token's id (a sign-out). */
export const SESSION_SIGN_OUT_EVENTS: ReadonlySet<string> = new Set(['CustomerSignedOut', 'AdminSignedOut']);

const SESSION_EVENTS = [...SESSION_ENDING_EVENTS, ...SESSION_SIGN_OUT_EVENTS];

/**
 * An account's session generation (how many times all its sessions were ended: a token is good only for the
 * generation it was signed in) and the sessions signed out one by one (their token ids).
 */
export interface AccountSessions {
  generation: number;
  signedOut: ReadonlySet<string>;
}

export type SessionGenerationOf = (role: Role, accountId: string) => Promise<AccountSessions>;

export interface SessionGenerations {
  generationOf: SessionGenerationOf;
  stop(): Promise<void>;
}

/** What the log says of one account's sessions: the ids of the events that ended them all, and the sessions signed out. */
interface Ended {
  endingEvents: Set<string>;
  signedOut: Set<string>;
}

const NONE: AccountSessions = { generation: 0, signedOut: new Set() };

/**
 * Every account's session generation in memory, so checking a session costs no read: folded from the
 * session events of the whole log before the first answer (warm at start), then kept current by a
 * subscription to them, and by this process's own appends the moment they commit (local-appends.ts). A
 * sign-out, reset or erasure made through this process holds for its very next request; one made through
 * another instance holds here within the subscription's lag. Accounts that never ended a session take no
 * memory. A check made while the subscription is down throws (the request answers 503) rather than trust
 * a fold that may have stopped short.
 */
export function startSessionGenerations(eventStore: EventStore): SessionGenerations {
  const accounts = new Map<string, Ended>();
  let checkpoint: Position = START;
  let failure: unknown = null;

  function apply({ id, type, stream, data }: { id: string; type: string; stream: string; data: unknown }) {
    if (!SESSION_ENDING_EVENTS.has(type) && !SESSION_SIGN_OUT_EVENTS.has(type)) return;
    let ended = accounts.get(stream);
    if (!ended) accounts.set(stream, (ended = { endingEvents: new Set(), signedOut: new Set() }));
    // By event id: this process's own appends arrive twice, at once and through the subscription.
    if (SESSION_ENDING_EVENTS.has(type)) ended.endingEvents.add(id);
    else ended.signedOut.add((data as { sessionId: string }).sessionId);
  }

  const stopListening = onLocalAppends(eventStore, (events) => events.forEach(apply));
  let warmed: () => void;
  const warm = new Promise<void>((resolve) => (warmed = resolve));
  const loop = startConsumerLoop({
    retry: { initialDelayMs: 250, maxDelayMs: 5_000 },
    onFailure(error) {
      failure = error;
    },
    async open(healthy) {
      // Caught up by reading (which ends, unlike a subscription) before the first answer, and again after a failure.
      for await (const event of eventStore.readAll({ after: checkpoint, types: SESSION_EVENTS })) {
        apply(event);
        checkpoint = event.position;
      }
      failure = null;
      warmed();
      return eventStore.subscribe({ after: checkpoint, types: SESSION_EVENTS }, async (events) => {
        events.forEach(apply);
        checkpoint = events.at(-1)!.position;
        healthy();
      });
    },
  });

  return {
    async generationOf(role, accountId) {
      if (failure) throw new Error('The session events cannot be followed right now', { cause: failure });
      await warm;
      const ended = accounts.get(role === 'admin' ? adminStream(accountId) : customerStream(accountId));
      return ended ? { generation: ended.endingEvents.size, signedOut: ended.signedOut } : NONE;
    },
    async stop() {
      stopListening();
      await loop.stop();
    },
  };
}
