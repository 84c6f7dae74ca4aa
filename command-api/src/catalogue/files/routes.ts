import { basename } from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { EventStore } from '@labshop/shared/event-store/port';
import type { TokenService } from '@labshop/shared/auth/tokens';
import type { StoredFile } from '@labshop/shared/events/catalogue';
import { detailFileParams } from '@labshop/shared/commands/catalogue-details';
import { ApiError } from '@labshop/shared/http/api-error';
import { requireRole } from '@labshop/shared/http/auth-guard';
import { errors, positionResponse } from '@labshop/shared/http/schemas';
import { DETAILS_BASE, runDetailCommand } from '../details/routes.ts';
import { requireDetail } from '../parents.ts';
import { createContentStore, type ContentStore, type ReceivedFile } from './content-store.ts';
import { fileKind } from './file-kind.ts';
import { uploadRuleOf, type UploadRule } from './upload-rules.ts';

export interface DetailFileRoutesDeps {
  eventStore: EventStore;
  tokens: TokenService;
  /** Where uploads are stored; the gateway serves it at /content. */
  contentDir: string;
}

const storedFileResponse = z.object({ name: z.string(), originalName: z.string(), contentType: z.string(), size: z.number() });

/**
 * A detail's image and PDFs. A file is checked by its bytes, stored content-addressed, and only
 * then recorded; a refused upload, or a command that fails after the file was stored, leaves no new
 * file behind. Removing or replacing a file keeps the old bytes: earlier events (the audit trail)
 * still name them, and another detail may share them.
 */
export const detailFileRoutes: FastifyPluginAsyncZod<DetailFileRoutesDeps> = async (app, { eventStore, tokens, contentDir }) => {
  const store = createContentStore(contentDir);
  await store.prepare();
  await app.register(multipart, { limits: { files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 100 } });
  app.addHook('onRequest', requireRole(tokens, 'admin'));

  const tags = ['catalogue'];
  const security = [{ bearer: [] }];

  app.put(
    `${DETAILS_BASE}/:detailId/files/:slot`,
    {
      schema: {
        tags,
        security,
        summary: "Upload a detail's image (JPG, PNG or GIF under 2 MB) or one of its PDFs (10 MB at most), replacing the slot's file",
        consumes: ['multipart/form-data'],
        params: detailFileParams,
        response: { 200: positionResponse.extend({ file: storedFileResponse }), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { slot, ...ref } = request.params;
      await requireDetail(eventStore, ref.productId, ref.subproductId, ref.detailId);
      const rule = uploadRuleOf(slot);
      const { received, kind, originalName } = await receiveUpload(request, store, rule);
      const { name, created } = await store.keep(received, kind.extension);
      const file: StoredFile = { name, originalName, contentType: kind.contentType, size: received.size };
      try {
        const { position } = await runDetailCommand(eventStore, request, { type: 'AttachDetailFile', ...ref, slot, file });
        return { position, file };
      } catch (error) {
        if (created) await store.remove(name);
        throw error;
      }
    },
  );

  app.delete(
    `${DETAILS_BASE}/:detailId/files/:slot`,
    {
      schema: {
        tags,
        security,
        summary: "Remove a detail's file from a slot",
        params: detailFileParams,
        response: { 200: positionResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { slot, ...ref } = request.params;
      const { position } = await runDetailCommand(eventStore, request, { type: 'RemoveDetailFile', ...ref, slot });
      return { position };
    },
  );
};

const refused = (message: string) => new ApiError('BadRequest', message, { file: message });

/** Reads the one file part into a temporary file and checks it against the slot's rule; nothing stays behind when it is refused. */
async function receiveUpload(request: FastifyRequest, store: ContentStore, rule: UploadRule) {
  if (!request.isMultipart()) throw refused(rule.messages.missing);
  let received: ReceivedFile;
  let originalName: string;
  try {
    const part = await request.file({ limits: { fileSize: rule.maxBytes }, throwFileSizeLimit: false });
    if (!part || part.fieldname !== 'file') {
      part?.file.resume();
      throw refused(rule.messages.missing);
    }
    received = await store.receive(part.file);
    originalName = displayName(part.filename);
    if (part.file.truncated) {
      await store.discard(received);
      throw refused(rule.messages.size);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    request.log.warn({ err: error }, 'upload failed');
    throw refused('The upload was interrupted or malformed. Please try again.');
  }
  const kind = fileKind(received.head);
  if (!kind || !rule.accepts.includes(kind.extension)) {
    await store.discard(received);
    throw refused(rule.messages.type);
  }
  return { received, kind, originalName };
}

/** The uploader's file name, for display only: no path, no control characters, bounded. */
function displayName(filename: string): string {
  // eslint-disable-next-line no-control-regex
  return basename(filename.replaceAll('\\', '/')).replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200) || 'upload';
}
