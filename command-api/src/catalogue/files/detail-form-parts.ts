import { basename } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { PDF_MAX_BYTES } from '@labshop/shared/commands/catalogue-details';
import { fileSlots, type FileSlot, type StoredFile } from '@labshop/shared/events/catalogue';
import { ApiError } from '@labshop/shared/http/api-error';
import type { ContentStore, ReceivedFile } from './content-store.ts';
import { fileKind, type FileKind } from './file-kind.ts';
import { uploadRuleOf } from './upload-rules.ts';

interface CheckedFile {
  received: ReceivedFile;
  kind: FileKind;
  originalName: string;
}

/** A detail's form as the browser sends it: text fields (JSON) and at most one checked file per slot. */
export interface DetailFormParts {
  fields: Record<string, string>;
  files: Partial<Record<FileSlot, CheckedFile>>;
}

/** Room for a detail's fields as JSON: rich-text contents of 100,000 characters, up to 4 bytes each. */
const FIELD_MAX_BYTES = 512 * 1024;
const TEXT_FIELDS = ['detail', 'changes', 'remove'];

/**
 * Reads every part of a detail's multipart form and checks each file against its slot's rule (type
 * by its bytes, size). Any refusal discards every file received, so nothing of the request stays:
 * the 400 names each refused slot with the spec's message.
 */
export async function receiveDetailForm(request: FastifyRequest, store: ContentStore): Promise<DetailFormParts> {
  if (!request.isMultipart()) throw new ApiError('BadRequest', 'Send the detail as multipart/form-data');
  const parts: DetailFormParts = { fields: {}, files: {} };
  const refusals: Record<string, string> = {};
  try {
    // throwFileSizeLimit is read per request but missing from the plugin's types: a file over the limit
    // arrives truncated, so the slot's own size message can be given and the other parts still read.
    const options = {
      limits: { files: fileSlots.length, fileSize: PDF_MAX_BYTES, fields: TEXT_FIELDS.length, fieldSize: FIELD_MAX_BYTES, parts: fileSlots.length + TEXT_FIELDS.length },
      throwFileSizeLimit: false,
    };
    const stream = request.parts(options);
    for await (const part of stream) {
      if (part.type === 'field') {
        if (!TEXT_FIELDS.includes(part.fieldname) || typeof part.value !== 'string') throw new ApiError('BadRequest', `Unexpected form field ${part.fieldname}`);
        if (part.valueTruncated) throw new ApiError('BadRequest', 'The detail is too large', { [part.fieldname]: 'The detail is too large' });
        parts.fields[part.fieldname] = part.value;
        continue;
      }
      const slot = fileSlots.find((candidate) => candidate === part.fieldname);
      if (slot === undefined || parts.files[slot] !== undefined || refusals[slot] !== undefined) {
        part.file.resume();
        throw new ApiError('BadRequest', `Unexpected file field ${part.fieldname}`);
      }
      const rule = uploadRuleOf(slot);
      const received = await store.receive(part.file);
      const kind = fileKind(received.head);
      const refusal = part.file.truncated || received.size > rule.maxBytes ? rule.messages.size : !kind || !rule.accepts.includes(kind.extension) ? rule.messages.type : null;
      if (refusal !== null || !kind) {
        await store.discard(received);
        refusals[slot] = refusal ?? rule.messages.type;
        continue;
      }
      parts.files[slot] = { received, kind, originalName: displayName(part.filename) };
    }
  } catch (error) {
    await discardAll(store, parts);
    if (error instanceof ApiError) throw error;
    request.log.warn({ err: error }, 'detail form upload failed');
    throw new ApiError('BadRequest', 'The upload was interrupted or malformed. Please try again.');
  }
  const refused = Object.values(refusals);
  if (refused.length > 0) {
    await discardAll(store, parts);
    throw new ApiError('BadRequest', refused[0]!, refusals);
  }
  return parts;
}

/** Drops every received file that was not kept (a refusal elsewhere in the request, or bad fields). */
export async function discardAll(store: ContentStore, parts: DetailFormParts): Promise<void> {
  await Promise.all(Object.values(parts.files).map((file) => store.discard(file.received)));
}

/**
 * Moves the checked files to their content addresses. `created` lists the names that are new, the
 * only ones a failed command may remove again (an existing name belongs to earlier events).
 */
export async function keepAll(store: ContentStore, parts: DetailFormParts) {
  const files: Partial<Record<FileSlot, StoredFile>> = {};
  const created: string[] = [];
  try {
    for (const slot of fileSlots) {
      const checked = parts.files[slot];
      if (checked === undefined) continue;
      const kept = await store.keep(checked.received, checked.kind.extension);
      if (kept.created) created.push(kept.name);
      files[slot] = { name: kept.name, originalName: checked.originalName, contentType: checked.kind.contentType, size: checked.received.size };
    }
  } catch (error) {
    await removeCreated(store, created);
    await discardAll(store, parts);
    throw error;
  }
  return { files, created };
}

export async function removeCreated(store: ContentStore, created: readonly string[]): Promise<void> {
  await Promise.all(created.map((name) => store.remove(name)));
}

/** The uploader's file name, for display only: no path, no control characters, bounded. */
export function displayName(filename: string): string {
  // eslint-disable-next-line no-control-regex
  return basename(filename.replaceAll('\\', '/')).replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200) || 'upload';
}
