import { readConfig } from '@labshop/platform/config';
import { openStores } from '@labshop/platform/stores';
import { adminLoginInput } from '@labshop/contracts/admins/login-commands';
import { ensureAdmin } from '../admins/admin-accounts.ts';

/** `npm run admin:create -- <email> <password>`: adds an admin (nothing changes if the email has one). */
const [email, password] = process.argv.slice(2);
const input = adminLoginInput.safeParse({ email, password });
if (!input.success) {
  console.error(
    `Usage: npm run admin:create -- <email> <password>\n${input.error.issues.map((issue) => issue.message).join('\n')}`,
  );
  process.exit(2);
}
const stores = await openStores(readConfig());
try {
  const { adminId, created } = await ensureAdmin(stores.eventStore, input.data, {
    actor: { kind: 'system', id: 'admin-cli', email: input.data.email },
    correlationId: crypto.randomUUID(),
    causationId: 'admin-cli',
    occurredAt: new Date().toISOString(),
  });
  console.log(
    created
      ? `Created admin ${input.data.email} (${adminId}).`
      : `${input.data.email} is already an admin; nothing changed.`,
  );
} finally {
  await stores.close();
}
