import { adminLoginInput } from '@labshop/shared/commands/admin-login';
import type { AdminCredentials } from './api/login-admin.ts';

export type AdminLoginErrors = Partial<Record<keyof AdminCredentials, string>>;

/** Checks the form with the server's own schema, so the messages are the ones the server would send. */
export function validateAdminLogin(credentials: AdminCredentials): AdminLoginErrors {
  const result = adminLoginInput.safeParse(credentials);
  if (result.success) return {};
  const errors: AdminLoginErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}
