import { basename } from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { fieldMessages } from '@labshop/contracts/customers/commands';
import { storableLine } from '@labshop/contracts/fields';
import { fileSlots, type FileSlot, type StoredFile } from '@labshop/contracts/catalogue/events';
import { ApiError } from '@labshop/platform/http/api-error';
import type { ContentStore, ReceivedFile } from './content-store.ts';
import { inspectUpload } from './upload-inspection.ts';
import { fileKind, type FileKind } from './file-kind.ts';
import { uploadRuleOf, type UploadRule } from './upload-rules.ts';

interface CheckedFile {
  received: ReceivedFile;
  kind: FileKind;
  originalName: string;
}

/** A form as the browser sends it: text fields (JSON) and at most one checked file per slot. */
export interface FormParts<Slot extends string = FileSlot> {
  fields: Record<string, string>;
  files: Partial<Record<Slot, CheckedFile>>;
}

/** A detail's form: the detail's fields and its four file slots. */
export type DetailFormParts = FormParts<FileSlot>;

/** What a multipart form may hold: its text fields and its file slots, each with its upload rule. */
export interface FormSpec<Slot extends string> {
  /** Names the form in its refusals ('Send the detail as multipart/form-data'). */
  noun: string;
  textFields: readonly string[];
  /** Largest text field in bytes. */
  fieldMaxBytes: number;
  rules: Readonly<Record<Slot, UploadRule>>;
}

/** Room for a detail's fields as JSON: rich-text contents of 100,000 characters, up to 4 bytes each. */
export const FORM_FIELD_MAX_BYTES = 512 * 1024;

const detailForm: FormSpec<FileSlot> = {
  noun: 'detail',
  textFields: ['detail', 'changes', 'remove'],
  fieldMaxBytes: FORM_FIELD_MAX_BYTES,
  rules: Object.fromEntries(fileSlots.map((slot) => [slot, uploadRuleOf(slot)])) as Record<FileSlot, UploadRule>,
};

/** A detail's multipart form (see receiveForm). */
export const receiveDetailForm = (request: FastifyRequest, store: ContentStore): Promise<DetailFormParts> =>
  receiveForm(request, store, detailForm);

/**
 * Reads every part of a multipart form and checks each file against its slot's rule (type by its
 * bytes, size). Any refusal discards every file received, so nothing of the request stays: the 400
 * names each refused slot with the spec's message.
 */
export async function receiveForm<Slot extends string>(
  request: FastifyRequest,
  store: ContentStore,
  spec: FormSpec<Slot>,
): Promise<FormParts<Slot>> {
  if (!request.isMultipart()) throw new ApiError('BadRequest', `Send the ${spec.noun} as multipart/form-data`);
  const slots = Object.keys(spec.rules) as Slot[];
  const parts: FormParts<Slot> = { fields: {}, files: {} };
  const refusals: Record<string, string> = {};
  try {
    // throwFileSizeLimit is read per request but missing from the plugin's types: a file over the limit
    // arrives truncated, so the slot's own size message can be given and the other parts still read.
    const fileSize = Math.max(...slots.map((slot) => spec.rules[slot].maxBytes + 1));
    const options = {
      limits: {
        files: slots.length,
        fileSize,
        fields: spec.textFields.length,
        fieldSize: spec.fieldMaxBytes,
        parts: slots.length + spec.textFields.length,
      },
      throwFileSizeLimit: false,
    };
    const stream = request.parts(options);
    for await (const part of stream) {
      if (part.type === 'field') {
        if (!spec.textFields.includes(part.fieldname) || typeof part.value !== 'string')
          throw new ApiError('BadRequest', `Unexpected form field ${part.fieldname}`);
        if (part.valueTruncated)
          throw new ApiError('BadRequest', `The ${spec.noun} is too large`, {
            [part.fieldname]: `The ${spec.noun} is too large`,
          });
        parts.fields[part.fieldname] = part.value;
        continue;
      }
      const slot = slots.find((candidate) => candidate === part.fieldname);
      if (slot === undefined || parts.files[slot] !== undefined || refusals[slot] !== undefined) {
        part.file.resume();
        throw new ApiError('BadRequest', `Unexpected file field ${part.fieldname}`);
      }
      const rule = spec.rules[slot];
      const received = await store.receive(part.file);
      const kind = fileKind(received.head);
      const refusal =
        part.file.truncated || received.size > rule.maxBytes
          ? rule.messages.size
          : !kind || !rule.accepts.includes(kind.extension)
            ? rule.messages.type
            : null;
      if (refusal !== null || !kind) {
        await store.discard(received);
        refusals[slot] = refusal ?? rule.messages.type;
        continue;
      }
      const inspection = await inspectUpload(store, received, kind);
      if ('refusal' in inspection) {
        refusals[slot] = inspection.refusal;
        continue;
      }
      parts.files[slot] = { received: inspection.file, kind, originalName: displayName(part.filename) };
    }
  } catch (error) {
    await discardAll(store, parts);
    if (error instanceof ApiError) throw error;
    request.log.warn({ err: error }, `${spec.noun} form upload failed`);
    throw new ApiError('BadRequest', 'The upload was interrupted or malformed. Please try again.');
  }
  const refused = Object.values(refusals);
  if (refused.length > 0) {
    await discardAll(store, parts);
    throw new ApiError('BadRequest', refused[0]!, refusals);
  }
  return parts;
}

const checkedFiles = <Slot extends string>(parts: FormParts<Slot>) =>
  Object.entries(parts.files) as [Slot, CheckedFile][];

/** Drops every received file that was not kept (a refusal elsewhere in the request, or bad fields). */
export async function discardAll<Slot extends string>(store: ContentStore, parts: FormParts<Slot>): Promise<void> {
  await Promise.all(checkedFiles(parts).map(([, file]) => store.discard(file.received)));
}

/**
 * Moves the checked files to their content addresses. `created` lists the names that are new, the
 * only ones a failed command may remove again (an existing name belongs to earlier events).
 */
export async function keepAll<Slot extends string>(store: ContentStore, parts: FormParts<Slot>) {
  const files: Partial<Record<Slot, StoredFile>> = {};
  const created: string[] = [];
  try {
    for (const [slot, checked] of checkedFiles(parts)) {
      const kept = await store.keep(checked.received, checked.kind.extension);
      if (kept.created) created.push(kept.name);
      files[slot] = {
        name: kept.name,
        originalName: checked.originalName,
        contentType: checked.kind.contentType,
        size: checked.received.size,
      };
    }
  } catch (error) {
    await removeCreated(store, created);
    await discardAll(store, parts);
    throw error;
  }
  return { files, created };
}

/** Keeps the checked files, then records the one command naming them; if that fails, the new files go again. */
export async function recordWithFiles<Slot extends string, T>(
  store: ContentStore,
  parts: FormParts<Slot>,
  record: (files: Partial<Record<Slot, StoredFile>>) => Promise<T>,
): Promise<T> {
  const { files, created } = await keepAll(store, parts);
  try {
    return await record(files);
  } catch (error) {
    await removeCreated(store, created);
    throw error;
  }
}

/** Runs the checks of a form's text fields; a refusal discards the files received with them. */
export async function checkedOrDiscarded<Slot extends string, T>(
  store: ContentStore,
  parts: FormParts<Slot>,
  check: () => T,
): Promise<T> {
  try {
    return check();
  } catch (error) {
    await discardAll(store, parts);
    throw error;
  }
}

/** A 400 naming each refused field, led by the first refusal's message. */
export const refusedFields = (fields: Record<string, string>) =>
  new ApiError('BadRequest', Object.values(fields)[0] ?? 'Invalid request', fields);

/** A form field holding a JSON body, checked by that body's schema; messages keyed as the JSON route keys them. */
export function parseJsonField<T>(
  text: string | undefined,
  schema: z.ZodType<T>,
  field: string,
): { value?: T; errors?: Record<string, string> } {
  let json: unknown;
  try {
    json = text === undefined ? undefined : JSON.parse(text);
  } catch {
    return { errors: { [field]: `${field} must be JSON` } };
  }
  if (json === undefined) return { errors: { [field]: `${field} is required` } };
  const parsed = schema.safeParse(json);
  return parsed.success ? { value: parsed.data } : { errors: fieldMessages(parsed.error) };
}

export async function removeCreated(store: ContentStore, created: readonly string[]): Promise<void> {
  await Promise.all(created.map((name) => store.remove(name)));
}

/** The uploader's file name, for display only: no path, one storable line, bounded. */
export function displayName(filename: string): string {
  return storableLine(basename(filename.replaceAll('\\', '/'))).slice(0, 200) || 'upload';
}
