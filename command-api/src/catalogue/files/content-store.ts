import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ApiError } from '@labshop/platform/http/api-error';
import { SIGNATURE_LENGTH } from './file-kind.ts';

export const STORAGE_FULL =
  'The server has no room to store this file right now. Nothing was saved; please try again later or tell the site administrator.';

/** A full disk (or quota) is the server's trouble, not a malformed upload: 507 with a message saying so. */
function storageFullOr(error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT' ? new ApiError('InsufficientStorage', STORAGE_FULL) : error;
}

/** An upload written to a temporary file, not yet visible under its content address. */
export interface ReceivedFile {
  tempPath: string;
  sha256: string;
  size: number;
  /** The first bytes, to tell what the file really is. */
  head: Buffer;
}

/**
 * Uploaded files, content-addressed (`<sha256>.<ext>`) in one folder that the gateway serves at
 * /content. A file arrives in a sibling folder the gateway does not serve (on the same filesystem, so
 * the move is a rename) and appears under its final name atomically: a reader never sees half a
 * file, nor one that is about to be refused.
 */
export function createContentStore(contentDir: string) {
  const incomingDir = incomingDirOf(contentDir);

  return {
    /** Creates the folders, so the gateway can serve the content folder from the start. */
    async prepare(): Promise<void> {
      await mkdir(contentDir, { recursive: true });
      await mkdir(incomingDir, { recursive: true });
    },

    /** Streams the upload to a temporary file, hashing it on the way. A failed stream leaves nothing behind. */
    async receive(source: Readable): Promise<ReceivedFile> {
      const tempPath = join(incomingDir, randomUUID());
      const hash = createHash('sha256');
      let size = 0;
      const chunks: Buffer[] = [];
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          if (size < SIGNATURE_LENGTH) chunks.push(chunk.subarray(0, SIGNATURE_LENGTH - size));
          size += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await pipeline(source, measure, createWriteStream(tempPath, { flags: 'wx' }));
      } catch (error) {
        await rm(tempPath, { force: true });
        throw storageFullOr(error);
      }
      return { tempPath, sha256: hash.digest('hex'), size, head: Buffer.concat(chunks) };
    },

    /** Puts other bytes (an image as re-encoded) in place of a received file, which is discarded. */
    async replace(received: ReceivedFile, bytes: Buffer): Promise<ReceivedFile> {
      const tempPath = join(incomingDir, randomUUID());
      try {
        await writeFile(tempPath, bytes, { flag: 'wx' });
      } catch (error) {
        await rm(tempPath, { force: true });
        throw storageFullOr(error);
      } finally {
        await rm(received.tempPath, { force: true });
      }
      return {
        tempPath,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        size: bytes.length,
        head: bytes.subarray(0, SIGNATURE_LENGTH),
      };
    },

    async discard(received: ReceivedFile): Promise<void> {
      await rm(received.tempPath, { force: true });
    },

    /**
     * Moves a received file to its content address. `created` says whether the name is new: only
     * then may a failure later remove it again (an existing file belongs to earlier events).
     */
    async keep(received: ReceivedFile, extension: string): Promise<{ name: string; created: boolean }> {
      const name = `${received.sha256}.${extension}`;
      const finalPath = join(contentDir, name);
      const existed = await access(finalPath).then(
        () => true,
        () => false,
      );
      try {
        if (!existed) await rename(received.tempPath, finalPath);
      } catch (error) {
        throw storageFullOr(error);
      } finally {
        await rm(received.tempPath, { force: true });
      }
      return { name, created: !existed };
    },

    async remove(name: string): Promise<void> {
      await rm(join(contentDir, name), { force: true });
    },
  };
}

/** Where uploads wait while they are checked: beside the content folder, never inside what is served. */
export const incomingDirOf = (contentDir: string) => `${contentDir.replace(/[\\/]+$/, '')}-incoming`;

export type ContentStore = ReturnType<typeof createContentStore>;
