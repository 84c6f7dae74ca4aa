import type { EventStore } from '../event-store/port.ts';
import { onLocalAppends } from '../event-store/local-appends.ts';
import { subscriptionRuntime } from '../event-store/subscription-runtime.ts';
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
 * session events of the whole log before the first answer (warm at start), then kept current as an agent of the
 * store's subscription runtime, and by this process's own appends the moment they commit (local-appends.ts). A
 * sign-out, reset or erasure made through this process holds for its very next request; one made through
 * another instance holds here within the runtime's lag. Accounts that never ended a session take no
 * memory. A check made while the fold cannot follow the log throws (the request answers 503) rather than trust
 * a fold that may have stopped short.
 */
export function startSessionGenerations(eventStore: EventStore): SessionGenerations {
  const accounts = new Map<string, Ended>();

  function apply({ id, type, stream, data }: { id: string; type: string; stream: string; data: unknown }) {
    let ended = accounts.get(stream);
    if (!ended) accounts.set(stream, (ended = { endingEvents: new Set(), signedOut: new Set() }));
    // By event id: this process's own appends arrive twice, at once and through the runtime.
    if (SESSION_ENDING_EVENTS.has(type)) ended.endingEvents.add(id);
    else ended.signedOut.add((data as { sessionId: string }).sessionId);
  }

  const stopListening = onLocalAppends(eventStore, (events) =>
    events.filter((event) => SESSION_EVENTS.includes(event.type)).forEach(apply),
  );
  const running = subscriptionRuntime(eventStore).start([
    {
      name: 'session generations',
      types: SESSION_EVENTS,
      retry: { initialDelayMs: 250, maxDelayMs: 5_000 },
      handle: async ({ events }) => events.forEach(apply),
    },
  ]);

  return {
    async generationOf(role, accountId) {
      if (running.failure)
        throw new Error('The session events cannot be followed right now', { cause: running.failure });
      await running.caughtUp();
      const ended = accounts.get(role === 'admin' ? adminStream(accountId) : customerStream(accountId));
      return ended ? { generation: ended.endingEvents.size, signedOut: ended.signedOut } : NONE;
    },
    async stop() {
      stopListening();
      await running.stop();
    },
  };
}
