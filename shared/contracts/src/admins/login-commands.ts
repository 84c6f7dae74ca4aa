import { z } from 'zod';
import { email, storableString } from '../fields.ts';

export const adminLoginInput = z.strictObject({
  email,
  password: storableString('Password', 'Password is required')
    .min(1, 'Password is required')
    .min(6, 'Password must be at least 6 characters')
    .max(200, 'Password must be at most 200 characters'),
});
/** An admin's new password, confirmed by the current one. */
export const changeAdminPasswordInput = z.strictObject({
  currentPassword: storableString('Current password', 'Current password is required')
    .min(1, 'Current password is required')
    .max(200, 'Current password must be at most 200 characters'),
  newPassword: storableString('New password', 'New password is required')
    .min(1, 'New password is required')
    .min(6, 'New password must be at least 6 characters')
    .max(200, 'New password must be at most 200 characters'),
});
export type AdminLoginInput = z.infer<typeof adminLoginInput>;

/** A signed-in admin: the bearer token and who it names. */
export const adminLoginResponse = z.object({
  token: z.string(),
  admin: z.object({ id: z.string(), email: z.string() }),
});
export type AdminLoginAnswer = z.infer<typeof adminLoginResponse>;

/** A changed password: a fresh token, since the change ended the sessions issued before it. */
export const changeAdminPasswordResponse = z.object({ token: z.string() });
