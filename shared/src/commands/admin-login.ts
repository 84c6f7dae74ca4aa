import { z } from 'zod';
import { email, storableString } from './fields.ts';

export const adminLoginInput = z.strictObject({
  email,
  password: storableString('Password', 'Password is required')
    .min(1, 'Password is required')
    .min(6, 'Password must be at least 6 characters')
    .max(200, 'Password must be at most 200 characters'),
});
export type AdminLoginInput = z.infer<typeof adminLoginInput>;
