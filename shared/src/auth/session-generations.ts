import type { EventStore } from '../event-store/port.ts';
import { adminStream } from '../events/admins.ts';
import { customerStream } from '../events/customers.ts';
import type { Role } from './tokens.ts';

/** The events that end every session of their account issued before them (a password reset or change, an erasure). */
export const SESSION_ENDING_EVENTS: ReadonlySet<string> = new Set(['CustomerPasswordReset', 'AdminPasswordChanged', 'CustomerErased']);

/** An account's session generation: how many times its sessions were ended. A token is good only for the generation it was signed in. */
export type SessionGenerationOf = (role: Role, accountId: string) => Promise<number>;

/**
 * Reads the generation from the account's own stream, never from a read model, so a reset takes
 * effect on the very next request, on every instance of either API.
 */
export function sessionGenerationsIn(eventStore: EventStore): SessionGenerationOf {
  return async (role, accountId) => {
    let generation = 0;
    for await (const event of eventStore.readStream(role === 'admin' ? adminStream(accountId) : customerStream(accountId))) {
      if (SESSION_ENDING_EVENTS.has(event.type)) generation++;
    }
    return generation;
  };
}
