import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SOURCE = new URL('.', import.meta.url).pathname;

/** What writing events takes: the store's append, the command machinery, a decider. */
const WRITES = [/\.append\(/, /\bhandleCommand\b/, /\/deciders\//, /Decider\b/];

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('the query API', () => {
  it('writes nothing: no append, handleCommand or decider anywhere in its code', async () => {
    const files = await sourceFiles(SOURCE);
    expect(files.length).toBeGreaterThan(20);
    const writing: string[] = [];
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      for (const write of WRITES) if (write.test(text)) writing.push(`${relative(SOURCE, file)}: ${write.source}`);
    }
    expect(writing).toEqual([]);
  });
});
