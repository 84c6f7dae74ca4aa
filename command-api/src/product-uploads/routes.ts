import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import type { EventStore } from '@labshop/platform/event-store/port';
import type { TokenService } from '@labshop/platform/auth/tokens';
import { fileMessages } from '@labshop/contracts/catalogue/details-commands';
import {
  addUploadedProductInput,
  deleteUploadedProductQuery,
  updateUploadedProductInput,
  uploadedProductAddedResponse,
  uploadedProductMessages,
  uploadedProductParams,
} from '@labshop/contracts/catalogue/uploads-commands';
import { uploadedProductStream } from '@labshop/contracts/catalogue/uploads-events';
import { sanitizeRichText } from '@labshop/platform/rich-text';
import { ApiError } from '@labshop/platform/http/api-error';
import { actorOf, requireRole } from '@labshop/platform/http/auth-guard';
import { errors } from '@labshop/platform/http/schemas';
import { positionResponse } from '@labshop/contracts/answers';
import { handleCommand } from '@labshop/platform/deciders/handle-command';
import { commandMetadata } from '../request-metadata.ts';
import { createContentStore } from '../catalogue/files/content-store.ts';
import {
  checkedOrDiscarded,
  FORM_FIELD_MAX_BYTES,
  parseJsonField,
  receiveForm,
  recordWithFiles,
  type FormSpec,
} from '../catalogue/files/detail-form-parts.ts';
import { imageRule } from '../catalogue/files/upload-rules.ts';
import { isStaleEdit, namingTheNewerChange } from '../catalogue/stale-edit.ts';
import { uploadedProductDecider, type UploadedProductCommand } from './decider.ts';

export interface ProductUploadRoutesDeps {
  eventStore: EventStore;
  tokens: TokenService;
  /** The catalogue's content folder: uploaded products' images are stored and served like the details'. */
  contentDir: string;
}

export const PRODUCT_UPLOADS_BASE = '/api/admin/product-uploads';

/** The product form: `product` (JSON) and `image`, checked by the catalogue's image rule. */
const productForm: FormSpec<'image'> = {
  noun: 'product',
  textFields: ['product'],
  fieldMaxBytes: FORM_FIELD_MAX_BYTES,
  rules: { image: imageRule },
};

/**
 * The admin product upload: add, update and delete products of the simple upload list, each with one
 * image. A form is received whole (fields and image) and checked before anything is kept: any refusal
 * leaves no file and no event.
 */
export const productUploadRoutes: FastifyPluginAsyncZod<ProductUploadRoutesDeps> = async (
  app,
  { eventStore, tokens, contentDir },
) => {
  const store = createContentStore(contentDir);
  await store.prepare();
  await app.register(multipart, {
    limits: { files: 1, fields: 1, fieldSize: FORM_FIELD_MAX_BYTES, parts: 2, headerPairs: 100 },
  });
  app.addHook('onRequest', requireRole(tokens, 'admin'));

  const tags = ['product upload'];
  const security = [{ bearer: [] }];

  async function run(request: FastifyRequest, command: UploadedProductCommand) {
    const stream = uploadedProductStream(command.productId);
    try {
      return await handleCommand(
        eventStore,
        stream,
        uploadedProductDecider,
        command,
        commandMetadata(request, actorOf(request), new Date()),
      );
    } catch (error) {
      if (isStaleEdit(error))
        throw await namingTheNewerChange(eventStore, stream, 'productId', command.productId, 'product', error);
      throw error;
    }
  }

  app.post(
    PRODUCT_UPLOADS_BASE,
    {
      schema: {
        tags,
        security,
        summary:
          'Add a product to the upload list: multipart form with `product` (JSON: productName, productType, priceCents, quantity, productUrl, innerPackageId, description) and `image` (JPG, PNG or GIF under 2 MB, required)',
        consumes: ['multipart/form-data'],
        response: { 201: uploadedProductAddedResponse, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const parts = await receiveForm(request, store, productForm);
      const fields = await checkedOrDiscarded(store, parts, () => {
        const parsed = parseJsonField(parts.fields.product, addUploadedProductInput, 'product');
        const refusals = {
          ...parsed.errors,
          ...(parts.files.image === undefined && { image: fileMessages.imageMissing }),
        };
        if (parsed.value === undefined || Object.keys(refusals).length > 0) throw invalidForm(refusals);
        return withSanitisedDescription(parsed.value);
      });
      const productId = randomUUID();
      const { position } = await recordWithFiles(store, parts, ({ image }) =>
        run(request, { type: 'AddUploadedProduct', productId, fields, image: image! }),
      );
      return reply.code(201).send({ productId, position });
    },
  );

  app.put(
    `${PRODUCT_UPLOADS_BASE}/:productId`,
    {
      schema: {
        tags,
        security,
        summary:
          'Update a product of the upload list: multipart form with `product` (every field, and expectedVersion: the version the form was opened on; a stale one answers 409 naming who changed it) and optionally a new `image`; without one the product keeps its image',
        consumes: ['multipart/form-data'],
        params: uploadedProductParams,
        response: { 200: positionResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const parts = await receiveForm(request, store, productForm);
      const { expectedVersion, ...fields } = await checkedOrDiscarded(store, parts, () => {
        const parsed = parseJsonField(parts.fields.product, updateUploadedProductInput, 'product');
        if (parsed.value === undefined) throw invalidForm(parsed.errors ?? {});
        return withSanitisedDescription(parsed.value);
      });
      const { productId } = request.params;
      const { position } = await recordWithFiles(store, parts, ({ image }) =>
        run(request, { type: 'UpdateUploadedProduct', productId, fields, expectedVersion, ...(image && { image }) }),
      );
      return { position };
    },
  );

  app.delete(
    `${PRODUCT_UPLOADS_BASE}/:productId`,
    {
      schema: {
        tags,
        security,
        summary:
          'Delete a product of the upload list (its image stays on disk for the history, no longer served); with ?expectedVersion a stale delete answers 409',
        params: uploadedProductParams,
        querystring: deleteUploadedProductQuery,
        response: { 200: positionResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { position } = await run(request, {
        type: 'DeleteUploadedProduct',
        productId: request.params.productId,
        ...request.query,
      });
      return { position };
    },
  );
};

/** The form's refusal: the spec's summary message, with each field's own message. */
const invalidForm = (fields: Record<string, string>) =>
  new ApiError('BadRequest', uploadedProductMessages.invalidForm, fields);

/** The description as stored: sanitised, and refused when nothing is left of it. */
function withSanitisedDescription<F extends { description: string }>(fields: F): F {
  const description = sanitizeRichText(fields.description);
  if (description.replace(/<[^>]*>|&nbsp;|\s/g, '') === '')
    throw invalidForm({ description: uploadedProductMessages.descriptionRequired });
  return { ...fields, description };
}
