import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EventMetadata, EventStore } from '@labshop/platform/event-store/port';
import type { TokenService } from '@labshop/platform/auth/tokens';
import {
  contactMessageInput,
  contactMessages,
  HONEYPOT_FIELD,
  inquiryInput,
  inquiryMessages,
  submissionKinds,
  type SubmissionKind,
} from '@labshop/contracts/inbox/commands';
import { contactMessageStream, inquiryStream, submissionStream } from '@labshop/contracts/inbox/events';
import { actorOf, requireRole } from '@labshop/platform/http/auth-guard';
import { ApiError } from '@labshop/platform/http/api-error';
import { errors } from '@labshop/platform/http/schemas';
import { messageResponse, positionResponse } from '@labshop/contracts/answers';
import { handleCommand } from '@labshop/platform/deciders/handle-command';
import { commandMetadata } from '../request-metadata.ts';
import { submissionDecider, type SubmissionCommand } from './decider.ts';
import { budget, type RateLimit } from '../rate-limits.ts';

export interface VisitorFormRateLimit {
  max: number;
  timeWindow: string;
}

/** A person sends a handful of messages; more from one address in a quarter of an hour is a script. */
export const DEFAULT_VISITOR_FORM_RATE_LIMIT: VisitorFormRateLimit = { max: 5, timeWindow: '15 minutes' };

/**
 * Acknowledgements go to whatever address a visitor typed, so they are budgeted apart from the submissions:
 * per form for the whole site, and per recipient address. Past either, the message is still recorded and
 * mailed to the sales inbox; only the acknowledgement is left out.
 */
export interface AcknowledgementBudget {
  perForm: RateLimit;
  perRecipient: RateLimit;
}

export const DEFAULT_ACKNOWLEDGEMENT_BUDGET: AcknowledgementBudget = {
  perForm: { max: 30, timeWindow: '1 hour' },
  perRecipient: { max: 2, timeWindow: '1 day' },
};

export interface InboxRoutesDeps {
  eventStore: EventStore;
  tokens: TokenService;
  /** Per client address and form. */
  rateLimit: VisitorFormRateLimit;
  acknowledgements: AcknowledgementBudget;
  now: () => Date;
}

const submissionParams = z.strictObject({
  kind: z.enum(submissionKinds, { error: "Kind is 'inquiry' or 'contact'" }),
  submissionId: z.uuid('Message id must be a valid id'),
});

/**
 * The site's two visitor forms (spec §2: the service pages' side inquiry form and /contact-us) and
 * the back office's "mark answered". A submission is one event in its own stream; the workers mail
 * it to the sales inbox and acknowledge it to the sender (workers/src/reactors/inbox-emails.ts).
 */
export const inboxRoutes: FastifyPluginAsyncZod<InboxRoutesDeps> = async (
  app,
  { eventStore, tokens, rateLimit, acknowledgements, now },
) => {
  const limited = {
    rateLimit: {
      ...rateLimit,
      errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
        new ApiError(
          'TooManyRequests',
          `You have sent several messages in a short time. Please wait ${Math.ceil(context.ttl / 60_000)} minute(s) and try again, or call us.`,
        ),
    },
  };

  const recipientOf = (request: FastifyRequest) => (request.body as { email: string }).email.trim().toLowerCase();
  const formBudget = (kind: SubmissionKind) =>
    budget(app, { name: `acknowledgements-${kind}`, limit: acknowledgements.perForm, keyOf: () => kind });
  const budgets = { inquiry: formBudget('inquiry'), contact: formBudget('contact') };
  const recipientBudget = budget(app, {
    name: 'acknowledgements-to',
    limit: acknowledgements.perRecipient,
    keyOf: recipientOf,
  });
  /** Whether this submission's acknowledgement is within both budgets; one refused for its recipient spends none of the form's. */
  const mayAcknowledge = async (request: FastifyRequest, kind: SubmissionKind) =>
    (await recipientBudget(request)) && (await budgets[kind](request));

  const visitorMetadata = (request: FastifyRequest, submissionId: string, at: Date): EventMetadata =>
    commandMetadata(request, { kind: 'anonymous', id: submissionId, email: '' }, at);

  /** A bot filled the hidden field: answered like a person, recorded nowhere. */
  const isBot = (body: { [HONEYPOT_FIELD]?: string | undefined }) => (body[HONEYPOT_FIELD] ?? '').trim() !== '';

  const submit = async (
    request: FastifyRequest,
    stream: string,
    submissionId: string,
    command: SubmissionCommand,
    at: Date,
  ) => {
    await handleCommand(eventStore, stream, submissionDecider, command, visitorMetadata(request, submissionId, at));
  };

  app.post(
    '/api/inquiries',
    {
      config: limited,
      schema: {
        tags: ['inbox'],
        summary: "Send an inquiry from a service page's side form (mailed to sales, acknowledged to the sender)",
        body: inquiryInput,
        response: { 201: messageResponse, ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      const { [HONEYPOT_FIELD]: trap, ...inquiry } = request.body;
      if (isBot({ [HONEYPOT_FIELD]: trap })) {
        request.log.info('inquiry with the honeypot filled: answered, not recorded');
        return reply.code(201).send({ message: inquiryMessages.sent });
      }
      const at = now();
      const inquiryId = randomUUID();
      const acknowledge = await mayAcknowledge(request, 'inquiry');
      await submit(
        request,
        inquiryStream(inquiryId),
        inquiryId,
        { type: 'SubmitInquiry', inquiry: { inquiryId, ...inquiry, submittedAt: at.toISOString(), acknowledge } },
        at,
      );
      return reply.code(201).send({ message: inquiryMessages.sent });
    },
  );

  app.post(
    '/api/contact-messages',
    {
      config: limited,
      schema: {
        tags: ['inbox'],
        summary: 'Send a message from /contact-us (mailed to sales, acknowledged to the sender)',
        body: contactMessageInput,
        response: { 201: messageResponse, ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      const { [HONEYPOT_FIELD]: trap, termsAccepted: _accepted, ...message } = request.body;
      if (isBot({ [HONEYPOT_FIELD]: trap })) {
        request.log.info('contact message with the honeypot filled: answered, not recorded');
        return reply.code(201).send({ message: contactMessages.sent });
      }
      const at = now();
      const messageId = randomUUID();
      const acknowledge = await mayAcknowledge(request, 'contact');
      await submit(
        request,
        contactMessageStream(messageId),
        messageId,
        {
          type: 'SubmitContactMessage',
          message: { messageId, ...message, submittedAt: at.toISOString(), acknowledge },
        },
        at,
      );
      return reply.code(201).send({ message: contactMessages.sent });
    },
  );

  app.post(
    '/api/admin/inbox/:kind/:submissionId/answer',
    {
      onRequest: requireRole(tokens, 'admin'),
      schema: {
        tags: ['inbox'],
        security: [{ bearer: [] }],
        summary: 'Mark an inquiry or contact message answered (the admin is recorded as the one who answered)',
        params: submissionParams,
        response: { 200: positionResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { kind, submissionId } = request.params;
      const admin = actorOf(request);
      const at = now();
      const { position } = await handleCommand(
        eventStore,
        submissionStream(kind, submissionId),
        submissionDecider,
        { type: 'MarkAnswered', kind, submissionId, admin: { id: admin.id, email: admin.email }, now: at },
        commandMetadata(request, admin, at),
      );
      return { position };
    },
  );
};
