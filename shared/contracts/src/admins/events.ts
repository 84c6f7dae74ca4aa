/** Events of admin accounts. An admin's email is reserved in its own stream so it stays unique (`adminEmailStream`, in auth/email-streams.ts). */
export const adminStream = (adminId: string) => `admin-${adminId}`;

/**
 * Failed admin sign-ins, known email or not, in one stream: the audit log answers who tried what from
 * where. It never holds the attempted password.
 */
export const ADMIN_SECURITY_STREAM = 'admin-security';

export type AdminSignInFailure = 'unknown-email' | 'wrong-password';

export type AdminEvent =
  | { type: 'AdminEmailReserved'; data: { adminId: string; email: string } }
  | { type: 'AdminRegistered'; data: { adminId: string; email: string; passwordHash: string } }
  | { type: 'AdminSignedIn'; data: { adminId: string } }
  /** Ends the one session whose token id is `sessionId` (see auth/session-generations.ts). */
  | { type: 'AdminSignedOut'; data: { adminId: string; sessionId: string } }
  /** The actor is 'anonymous' (nobody signed in) with the attempted email; adminId is the account's when the email is an admin's. */
  | { type: 'AdminSignInFailed'; data: { adminId: string | null; email: string; reason: AdminSignInFailure } }
  /** Ends every session of the admin signed in before it (see auth/session-generations.ts). */
  | { type: 'AdminPasswordChanged'; data: { adminId: string; passwordHash: string } };
