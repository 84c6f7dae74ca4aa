import type { EventStore } from '../event-store/port.ts';
import { adminStream } from '../events/admins.ts';
import { customerStream } from '../events/customers.ts';
import type { Role } from './tokens.ts';

/** The events that end every session of their account issued before them (a password reset or change, an erasure). */
export const SESSION_ENDING_EVENTS: ReadonlySet<string> = new Set(['CustomerPasswordReset', 'AdminPasswordChanged', 'CustomerErased']);

/** The events that end one session, named by its token's id (a sign-out). */
export const SESSION_SIGN_OUT_EVENTS: ReadonlySet<string> = new Set(['CustomerSignedOut', 'AdminSignedOut']);

/**
 * An account's session generation (how many times all its sessions were ended: a token is good only for the
 * generation it was signed in) and the sessions signed out one by one (their token ids).
 */
export interface AccountSessions {
  generation: number;
  signedOut: ReadonlySet<string>;
}

export type SessionGenerationOf = (role: Role, accountId: string) => Promise<AccountSessions>;

/**
 * Reads the generation from the account's own stream, never from a read model, so a reset takes
 * effect on the very next request, on every instance of either API.
 */
export function sessionGenerationsIn(eventStore: EventStore): SessionGenerationOf {
  return async (role, accountId) => {
    let generation = 0;
    const signedOut = new Set<string>();
    for await (const event of eventStore.readStream(role === 'admin' ? adminStream(accountId) : customerStream(accountId))) {
      if (SESSION_ENDING_EVENTS.has(event.type)) generation++;
      else if (SESSION_SIGN_OUT_EVENTS.has(event.type)) signedOut.add((event.data as { sessionId: string }).sessionId);
    }
    return { generation, signedOut };
  };
}
