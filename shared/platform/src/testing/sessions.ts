import type { TokenService } from '../auth/tokens.ts';
import type { Actor } from '../event-store/port.ts';
import { TEST_ADMIN } from './given-events.ts';

/** The authorization header of a session for `actor` (an admin or a customer), as a login would issue it. */
export async function sessionOf(tokens: TokenService, actor: Actor = TEST_ADMIN): Promise<{ authorization: string }> {
  if (actor.kind !== 'admin' && actor.kind !== 'customer') throw new Error(`A ${actor.kind} actor has no session`);
  const token = await tokens.sign({ role: actor.kind, sub: actor.id, email: actor.email }, '1h');
  return { authorization: `Bearer ${token}` };
}
