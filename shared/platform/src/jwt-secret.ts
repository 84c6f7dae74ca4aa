import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The configured JWT secret, or (local runs) one generated once and kept in the data folder, so
 * sessions survive a restart without anyone having to invent a secret.
 */
export async function jwtSecret(config: { JWT_SECRET?: string | undefined; DATA_DIR: string }): Promise<string> {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  const file = join(config.DATA_DIR, 'jwt-secret');
  const existing = await readFile(file, 'utf8').catch(() => null);
  if (existing && existing.trim().length >= 32) return existing.trim();
  const secret = randomBytes(48).toString('base64url');
  await mkdir(config.DATA_DIR, { recursive: true });
  await writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(async () => undefined);
  return (await readFile(file, 'utf8')).trim();
}
