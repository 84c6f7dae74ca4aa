import { mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeWhole } from './write-whole.ts';

describe('writeWhole', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'labshop-write-whole-'));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('writes the bytes under their name, making a missing folder, and leaves nothing else', async () => {
    const path = join(folder, 'invoices', 'a.pdf');
    await writeWhole(path, Buffer.from('first'));
    await writeWhole(join(folder, 'invoices', 'b.pdf'), Buffer.from('second'));

    expect(await readFile(path, 'utf8')).toBe('first');
    expect((await readdir(join(folder, 'invoices'))).sort()).toEqual(['a.pdf', 'b.pdf']);
  });

  it('leaves no temporary file behind when the last step fails', async () => {
    // A folder where the file should go: the rename onto it fails.
    const path = join(folder, 'taken');
    await mkdir(join(path, 'inside'), { recursive: true });

    await expect(writeWhole(path, Buffer.from('bytes'))).rejects.toThrow();

    expect(await readdir(folder)).toEqual(['taken']);
  });
});
