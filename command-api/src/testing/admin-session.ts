import type { EventStore } from '@labshop/platform/event-store/port';
import type { TokenService } from '@labshop/platform/auth/tokens';
import { ensureAdmin } from '../admins/admin-accounts.ts';

export const TEST_ADMIN = { email: 'admin@labshop.test', password: 'admin-password' };

/** Registers the test admin and returns the authorization header of a session for it. */
export async function adminAuthorization(
  eventStore: EventStore,
  tokens: TokenService,
): Promise<{ authorization: string }> {
  const { adminId } = await ensureAdmin(eventStore, TEST_ADMIN, {
    actor: { kind: 'system', id: 'test', email: TEST_ADMIN.email },
    correlationId: crypto.randomUUID(),
    causationId: 'test',
    occurredAt: new Date().toISOString(),
  });
  const token = await tokens.sign({ role: 'admin', sub: adminId, email: TEST_ADMIN.email }, '1h');
  return { authorization: `Bearer ${token}` };
}
