import { randomUUID } from 'node:crypto';
import { foldStream, handleCommand } from '@labshop/platform/deciders/handle-command';
import type { EventMetadata, EventStore } from '@labshop/platform/event-store/port';
import { adminEmailStream } from '@labshop/platform/auth/email-streams';
import { adminStream, type AdminEvent, type AdminSignInFailure } from '@labshop/contracts/admins/events';
import { hashPassword, UNMATCHABLE_HASH, verifyPassword } from '../auth/passwords.ts';
import { reservedAccountId, reserveEmail, type EmailReservation } from '../email-reservation.ts';
import { adminDecider } from './decider.ts';

export interface AdminAccount {
  adminId: string;
  email: string;
  passwordHash: string;
}

const adminEmails: EmailReservation = {
  stream: adminEmailStream,
  reserved: (adminId, email) => ({ type: 'AdminEmailReserved', data: { adminId, email } }),
  accountIdOf: (event) =>
    event.type === 'AdminEmailReserved'
      ? (event.data as Extract<AdminEvent, { type: 'AdminEmailReserved' }>['data']).adminId
      : null,
};

export async function loadAdmin(store: EventStore, adminId: string): Promise<AdminAccount | null> {
  const { state } = await foldStream(store, adminStream(adminId), adminDecider);
  return state && { adminId, ...state };
}

/**
 * Creates the admin unless one already holds the email (then nothing changes). Reserving the email
 * first makes two concurrent creations agree on one admin id; a crash between the two appends is
 * finished by the next call.
 */
export async function ensureAdmin(
  store: EventStore,
  input: { email: string; password: string },
  metadata: EventMetadata,
): Promise<{ adminId: string; created: boolean }> {
  const { accountId: adminId } = await reserveEmail(store, adminEmails, input.email, () => metadata);
  if (await loadAdmin(store, adminId)) return { adminId, created: false };
  const passwordHash = await hashPassword(input.password);
  const { events } = await handleCommand(
    store,
    adminStream(adminId),
    adminDecider,
    { type: 'RegisterAdmin', adminId, email: input.email, passwordHash },
    metadata,
  );
  return { adminId, created: events.length > 0 };
}

export type AdminAuthentication =
  { ok: true; account: AdminAccount } | { ok: false; adminId: string | null; reason: AdminSignInFailure };

/**
 * The admin whose email and password match, or why not (and whose account it was, for the audit log);
 * takes as long for an unknown email as for a wrong password.
 */
export async function authenticateAdmin(
  store: EventStore,
  email: string,
  password: string,
): Promise<AdminAuthentication> {
  const adminId = await reservedAccountId(store, adminEmails, email);
  const account = adminId ? await loadAdmin(store, adminId) : null;
  const matches = await verifyPassword(password, account?.passwordHash ?? UNMATCHABLE_HASH);
  if (account && matches) return { ok: true, account };
  return { ok: false, adminId: account ? account.adminId : null, reason: account ? 'wrong-password' : 'unknown-email' };
}

/** Creates the first admin from ADMIN_EMAIL / ADMIN_PASSWORD when both are set. */
export async function ensureConfiguredAdmin(
  store: EventStore,
  config: { ADMIN_EMAIL?: string | undefined; ADMIN_PASSWORD?: string | undefined },
  logger: { info(details: object, message: string): void },
): Promise<void> {
  if (!config.ADMIN_EMAIL || !config.ADMIN_PASSWORD) return;
  const email = config.ADMIN_EMAIL.trim().toLowerCase();
  const { created } = await ensureAdmin(
    store,
    { email, password: config.ADMIN_PASSWORD },
    {
      actor: { kind: 'system', id: 'configuration', email },
      correlationId: randomUUID(),
      causationId: 'configuration',
      occurredAt: new Date().toISOString(),
    },
  );
  if (created) logger.info({ email }, 'created the first admin from ADMIN_EMAIL');
}
