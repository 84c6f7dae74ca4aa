import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { EventStore } from '@labshop/platform/event-store/port';
import type { TokenService } from '@labshop/platform/auth/tokens';
import type { StoredFile } from '@labshop/contracts/catalogue/events';
import {
  createDetailInput,
  detailCreatedResponse,
  detailFileParams,
  detailListParams,
  detailParams,
  editDetailInput,
  fileAttachedResponse,
  fileMessages,
} from '@labshop/contracts/catalogue/details-commands';
import { fileSlots } from '@labshop/contracts/catalogue/events';
import { ApiError } from '@labshop/platform/http/api-error';
import { requireRole } from '@labshop/platform/http/auth-guard';
import { errors } from '@labshop/platform/http/schemas';
import { positionResponse } from '@labshop/contracts/answers';
import { DETAILS_BASE, runDetailCommand, withSanitisedContents } from '../details/routes.ts';
import { requireDetail } from '../parents.ts';
import { createContentStore, type ContentStore, type ReceivedFile } from './content-store.ts';
import {
  checkedOrDiscarded,
  displayName,
  parseJsonField,
  receiveDetailForm,
  recordWithFiles,
  refusedFields,
} from './detail-form-parts.ts';
import { fileKind } from './file-kind.ts';
import { uploadRuleOf, type UploadRule } from './upload-rules.ts';
import { inspectUpload } from './upload-inspection.ts';

export interface DetailFileRoutesDeps {
  eventStore: EventStore;
  tokens: TokenService;
  /** Where uploads are stored; the gateway serves it at /content. */
  contentDir: string;
}

/**
 * A detail's image and PDFs. A file is checked by its bytes, stored content-addressed, and only
 * then recorded; a refused upload, or a command that fails after the file was stored, leaves no new
 * file behind. Removing or replacing a file keeps the old bytes: earlier events (the audit trail)
 * still name them, and another detail may share them.
 */
export const detailFileRoutes: FastifyPluginAsyncZod<DetailFileRoutesDeps> = async (
  app,
  { eventStore, tokens, contentDir },
) => {
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
        summary:
          "Upload a detail's image (JPG, PNG or GIF under 2 MB) or one of its PDFs (10 MB at most), replacing the slot's file",
        consumes: ['multipart/form-data'],
        params: detailFileParams,
        response: { 200: fileAttachedResponse, ...errors(400, 401, 403, 404, 409) },
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
        const { position } = await runDetailCommand(eventStore, request, {
          type: 'AttachDetailFile',
          ...ref,
          slot,
          file,
        });
        return { position, file };
      } catch (error) {
        if (created) await store.remove(name);
        throw error;
      }
    },
  );

  app.post(
    `${DETAILS_BASE}/with-files`,
    {
      schema: {
        tags,
        security,
        summary:
          'Add a detail with its files in one step: multipart form with `detail` (the JSON body of POST .../details), `image` (required) and optionally `manualPdf`, `flyerPdf`, `technicalNotesPdf`. Every file is checked before anything is recorded; one refused file refuses the whole detail.',
        consumes: ['multipart/form-data'],
        params: detailListParams,
        response: { 201: detailCreatedResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const parts = await receiveDetailForm(request, store);
      const fields = await checkedOrDiscarded(store, parts, () => {
        const parsed = parseJsonField(parts.fields.detail, createDetailInput, 'detail');
        const refusals = {
          ...parsed.errors,
          ...(parts.files.image === undefined && { image: fileMessages.imageMissing }),
        };
        if (parsed.value === undefined || Object.keys(refusals).length > 0) throw refusedFields(refusals);
        return parsed.value;
      });
      const detailId = randomUUID();
      const { position } = await recordWithFiles(store, parts, (files) =>
        runDetailCommand(eventStore, request, {
          type: 'CreateDetail',
          ...request.params,
          detailId,
          fields: withSanitisedContents(fields),
          files,
        }),
      );
      return reply.code(201).send({ detailId, position });
    },
  );

  app.patch(
    `${DETAILS_BASE}/:detailId/with-files`,
    {
      schema: {
        tags,
        security,
        summary:
          'Change a detail and its files in one step: multipart form with optional `changes` (the JSON body of PATCH .../details/:detailId), `remove` (JSON list of slots) and files by slot. All of it is recorded or, on any refusal, none of it.',
        consumes: ['multipart/form-data'],
        params: detailParams,
        response: { 200: positionResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const parts = await receiveDetailForm(request, store);
      const { changes, remove } = await checkedOrDiscarded(store, parts, () => {
        const changes =
          parts.fields.changes === undefined
            ? { value: {} }
            : parseJsonField(parts.fields.changes, editDetailInput, 'changes');
        const remove =
          parts.fields.remove === undefined
            ? { value: [] }
            : parseJsonField(parts.fields.remove, removedSlots, 'remove');
        if (changes.value === undefined || remove.value === undefined)
          throw refusedFields({ ...changes.errors, ...remove.errors });
        if (
          Object.keys(changes.value).length === 0 &&
          remove.value.length === 0 &&
          Object.keys(parts.files).length === 0
        ) {
          throw new ApiError('BadRequest', 'Nothing to change: send a change, a file or a file to remove');
        }
        return { changes: changes.value, remove: remove.value };
      });
      const { visible, expectedVersion, ...fieldChanges } = changes;
      return recordWithFiles(store, parts, async (attach) => {
        const { position } = await runDetailCommand(eventStore, request, {
          type: 'EditDetail',
          ...request.params,
          changes: withSanitisedContents(fieldChanges),
          ...(visible !== undefined && { visible }),
          ...(expectedVersion !== undefined && { expectedVersion }),
          attach,
          remove,
        });
        return { position };
      });
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
const removedSlots = z.array(z.enum(fileSlots, { error: 'Unknown file slot' }), {
  error: 'Files to remove must be a list of slots',
});

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
  const inspection = await inspectUpload(store, received, kind);
  if ('refusal' in inspection) throw refused(inspection.refusal);
  return { received: inspection.file, kind, originalName };
}
