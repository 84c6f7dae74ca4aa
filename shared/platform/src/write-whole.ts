import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/**
 * Writes `bytes` to `path` whole: under a temporary name first, then renamed, so a reader never sees half a file. The
 * folder is made when the first write finds it missing (not before every write: it is there all the other times),
 * and a failed write leaves no temporary file behind.
 */
export async function writeWhole(path: string, bytes: Uint8Array): Promise<void> {
  const partial = `${path}.${randomBytes(4).toString('hex')}.partial`;
  try {
    await writeFile(partial, bytes, { flag: 'wx' }).catch(async (error: unknown) => {
      if (!isMissing(error)) throw error;
      await mkdir(dirname(path), { recursive: true });
      await writeFile(partial, bytes, { flag: 'wx' });
    });
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}
