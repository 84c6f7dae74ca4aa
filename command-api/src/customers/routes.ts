import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EventMetadata, EventStore } from '@labshop/platform/event-store/port';
import { customerStream } from '@labshop/contracts/customers/events';
import {
  activateAccountInput,
  activatedResponse,
  customerSignInResponse,
  forgotPasswordInput,
  registerCustomerInput,
  registeredResponse,
  resendActivationInput,
  resetPasswordInput,
  signInInput,
} from '@labshop/contracts/customers/commands';
import {
  hashEmailToken,
  issueEmailToken,
  type EmailTokenKey,
  type EmailTokenPurpose,
} from '@labshop/platform/auth/email-tokens';
import type { TokenService } from '@labshop/platform/auth/tokens';
import { ApiError } from '@labshop/platform/http/api-error';
import { errors } from '@labshop/platform/http/schemas';
import { messageResponse } from '@labshop/contracts/answers';
import { actorOf, requireRole } from '@labshop/platform/http/auth-guard';
import { hashPassword, UNMATCHABLE_HASH, verifyPassword } from '../auth/passwords.ts';
import { handleCommand } from '@labshop/platform/deciders/handle-command';
import { commandMetadata } from '../request-metadata.ts';
import { customerByEmail, releaseEmail, reservedCustomerId, reserveEmail } from './customer-accounts.ts';
import { DomainError } from '@labshop/contracts/domain-error';
import { customerDecider, EMAIL_ALREADY_REGISTERED, type CustomerCommand } from './decider.ts';
import { limitPerEmail, type CustomerRateLimits } from './rate-limits.ts';
import type { SignInGuard } from '../auth/sign-in-guard.ts';
import { refuseCommonPassword } from '../auth/common-passwords.ts';

export const CUSTOMER_SESSION_LIFETIME = '2h';
export const REMEMBERED_CUSTOMER_SESSION_LIFETIME = '30d';

export const customerMessages = {
  registered: 'Activation link sent to your email!',
  registeredAtCheckout:
    'Almost done: open the activation link we sent to your email, then sign in, and you will come back to your checkout with your cart.',
  activated: 'Account activated successfully!',
  activationResent: 'New activation link sent! Check your email.',
  resetRequested: 'Password reset instructions have been sent to your email. Please check your inbox.',
  passwordReset: 'Your password has been reset. You can now sign in with your new password.',
  invalidCredentials: 'Invalid email or password',
  notActivated: 'Please activate your account first. Check your email for the activation link.',
  /** Every refused activation, whatever the reason: the answer must not tell who has an account or whether it is active. */
  activationFailed:
    'This activation link is not valid or has expired. If your account is already active, please sign in; otherwise request a new link.',
};

export interface CustomerAuthDeps {
  eventStore: EventStore;
  tokens: TokenService;
  emailTokenKey: EmailTokenKey;
  activationTokenTtlMs: number;
  resetTokenTtlMs: number;
  rateLimits: CustomerRateLimits;
  /** Per-account pauses for unknown clients and device cookies, shared with admin sign-in. */
  signInGuard: SignInGuard;
  /** The time commands are decided at; tests move it to expire tokens. */
  now: () => Date;
}

/** Resend-activation and forgot-password answer this long after the request arrived, known email or not. */
export const MAIL_REQUEST_ANSWER_MS = 250;

async function answerNoSoonerThan(startedAt: number, ms: number): Promise<void> {
  const left = startedAt + ms - Date.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}

/** Registration, activation, sign-in and password recovery (spec §2, §4, §8): anonymous routes under /api/auth. */
export const customerAuthRoutes: FastifyPluginAsyncZod<CustomerAuthDeps> = async (app, deps) => {
  const { eventStore, tokens, emailTokenKey, rateLimits, now } = deps;
  const tags = ['customer account'];
  // Both limits on every route that checks a password or sends mail.
  const limited = (route: string) => ({
    config: { rateLimit: rateLimits.perAddress },
    preHandler: limitPerEmail(app, route, rateLimits.perEmail),
  });

  // The person holding the email acts on their own account, signed in or not.
  const metadataFor = (request: FastifyRequest, customerId: string, email: string, at: Date): EventMetadata =>
    commandMetadata(request, { kind: 'customer', id: customerId, email }, at);

  const decideFor = (request: FastifyRequest, customerId: string, email: string, command: CustomerCommand, at: Date) =>
    handleCommand(
      eventStore,
      customerStream(customerId),
      customerDecider,
      command,
      metadataFor(request, customerId, email, at),
    );

  /**
   * Resend activation and forgot password: a fresh link token for whoever holds the email (the decider
   * decides whether a mail goes out), and the caller answers the same for any email, so nobody learns
   * who has an account: an unknown email does the same work on a stream of nobody (the decider writes
   * nothing there), and the answer waits for MAIL_REQUEST_ANSWER_MS, which covers the one difference left,
   * the known account's append.
   */
  const mailNewToken = async (request: FastifyRequest, email: string, purpose: EmailTokenPurpose) => {
    const startedAt = Date.now();
    const at = now();
    const customerId = (await reservedCustomerId(eventStore, email)) ?? randomUUID();
    const ttlMs = purpose === 'activation' ? deps.activationTokenTtlMs : deps.resetTokenTtlMs;
    const token = issueEmailToken(emailTokenKey, purpose, { tokenId: randomUUID(), now: at, ttlMs });
    const command: CustomerCommand =
      purpose === 'activation'
        ? { type: 'ResendActivation', activationToken: token }
        : { type: 'RequestPasswordReset', resetToken: token };
    await decideFor(request, customerId, email, command, at);
    await answerNoSoonerThan(startedAt, MAIL_REQUEST_ANSWER_MS);
  };

  app.post(
    '/api/auth/register',
    {
      ...limited('register'),
      schema: {
        tags,
        summary: 'Register a customer; an activation link is mailed',
        body: registerCustomerInput,
        response: { 201: registeredResponse, ...errors(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const { title, firstName, lastName, email, password, newsletter, returnTo } = request.body;
      refuseCommonPassword(password, 'password');
      const at = now();
      // Everything that can refuse the input runs before the reservation, so it is never left behind by a refusal.
      if ((await customerByEmail(eventStore, email)).status !== 'unregistered')
        throw new ApiError('Conflict', EMAIL_ALREADY_REGISTERED);
      const passwordHash = await hashPassword(password);
      const reservation = await reserveEmail(eventStore, email, (candidateId) =>
        metadataFor(request, candidateId, email, at),
      );
      const customerId = reservation.accountId;
      const command: CustomerCommand = {
        type: 'RegisterCustomer',
        customerId,
        title,
        firstName,
        lastName,
        email,
        passwordHash,
        newsletter,
        activationToken: issueEmailToken(emailTokenKey, 'activation', {
          tokenId: randomUUID(),
          now: at,
          ttlMs: deps.activationTokenTtlMs,
        }),
        returnTo,
        now: at,
      };
      const { position } = await decideFor(request, customerId, email, command, at).catch(async (error: unknown) => {
        await releaseEmail(eventStore, email, reservation, metadataFor(request, customerId, email, at));
        throw error;
      });
      return reply.code(201).send({
        message: returnTo === '/order' ? customerMessages.registeredAtCheckout : customerMessages.registered,
        position,
      });
    },
  );

  app.post(
    '/api/auth/activate-account',
    {
      ...limited('activate-account'),
      schema: {
        tags,
        summary: "Activate an account with the emailed link's token and email",
        body: activateAccountInput,
        response: { 200: activatedResponse, ...errors(400, 429) },
      },
    },
    async (request) => {
      const { token, email } = request.body;
      const at = now();
      const customerId = await reservedCustomerId(eventStore, email);
      if (!customerId) throw new ApiError('BadRequest', customerMessages.activationFailed);
      const { position } = await decideFor(
        request,
        customerId,
        email,
        { type: 'ActivateCustomer', tokenHash: hashEmailToken(token), now: at },
        at,
      ).catch((error: unknown) => {
        const refused = error instanceof DomainError || (error instanceof ApiError && error.kind === 'BadRequest');
        throw refused ? new ApiError('BadRequest', customerMessages.activationFailed) : error;
      });
      return { success: true as const, message: customerMessages.activated, position };
    },
  );

  app.post(
    '/api/auth/resend-activation',
    {
      ...limited('resend-activation'),
      schema: {
        tags,
        summary: 'Mail a new activation link (the same answer for any email, so nobody learns who has an account)',
        body: resendActivationInput,
        response: { 200: messageResponse, ...errors(400, 429) },
      },
    },
    async (request) => {
      await mailNewToken(request, request.body.email, 'activation');
      return { message: customerMessages.activationResent };
    },
  );

  app.post(
    '/api/auth/login',
    {
      // Per address here; per account, growing pauses after wrong passwords that hold up unknown clients only
      // (a per-email limit, or pauses for everyone, would let anyone lock the owner out).
      config: { rateLimit: rateLimits.perAddress },
      schema: {
        tags,
        summary: 'Sign in as a customer (only once the account is activated)',
        body: signInInput,
        response: {
          200: customerSignInResponse,
          ...errors(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const { email, password, rememberMe } = request.body;
      const client = deps.signInGuard.admit(request, reply, 'customer', email);
      const state = await customerByEmail(eventStore, email);
      const account = state.status === 'registered' ? state : null;
      // An unknown email costs the same scrypt time as a wrong password.
      const matches = await verifyPassword(password, account?.credentials.passwordHash ?? UNMATCHABLE_HASH);
      if (!account || !matches) {
        deps.signInGuard.failed(client);
        throw new ApiError('Unauthorized', customerMessages.invalidCredentials);
      }
      deps.signInGuard.succeeded(request, reply, client, { signedIn: account.activated });
      if (!account.activated) throw new ApiError('Forbidden', customerMessages.notActivated);
      const { customerId, recipient } = account;
      const at = now();
      await decideFor(request, customerId, recipient.email, { type: 'RecordSignIn', rememberMe }, at);
      const token = await tokens.sign(
        {
          role: 'customer',
          sub: customerId,
          email: recipient.email,
          givenName: recipient.firstName,
          familyName: recipient.lastName,
        },
        rememberMe ? REMEMBERED_CUSTOMER_SESSION_LIFETIME : CUSTOMER_SESSION_LIFETIME,
      );
      return {
        token,
        customer: {
          id: customerId,
          email: recipient.email,
          firstName: recipient.firstName,
          lastName: recipient.lastName,
        },
      };
    },
  );

  app.post(
    '/api/auth/logout',
    {
      onRequest: requireRole(tokens, 'customer'),
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: 'Sign out: the session of this token ends on the server too (other devices stay signed in)',
        response: { 204: z.null().describe('Signed out'), ...errors(401, 403) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      // A token from before tokens carried an id cannot be named; it runs out by its expiry.
      if (request.sessionId)
        await decideFor(request, actor.id, actor.email, { type: 'RecordSignOut', sessionId: request.sessionId }, now());
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      ...limited('forgot-password'),
      schema: {
        tags,
        summary: 'Mail a password reset link (the same answer for any email)',
        body: forgotPasswordInput,
        response: { 200: messageResponse, ...errors(400, 429) },
      },
    },
    async (request) => {
      await mailNewToken(request, request.body.email, 'reset');
      return { message: customerMessages.resetRequested };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      ...limited('reset-password'),
      schema: {
        tags,
        summary: "Set a new password with the emailed link's token and email",
        body: resetPasswordInput,
        response: { 200: messageResponse, ...errors(400, 429) },
      },
    },
    async (request) => {
      const { email, token, newPassword } = request.body;
      refuseCommonPassword(newPassword, 'newPassword');
      const at = now();
      // An unknown email does the same work (the scrypt hash, a stream read, the decider's refusal of the token:
      // 'not valid') on a stream of nobody, so its answer takes as long as a known email's with a wrong link.
      const customerId = (await reservedCustomerId(eventStore, email)) ?? randomUUID();
      const command: CustomerCommand = {
        type: 'ResetPassword',
        tokenHash: hashEmailToken(token),
        passwordHash: await hashPassword(newPassword),
        now: at,
      };
      await decideFor(request, customerId, email, command, at);
      return { message: customerMessages.passwordReset };
    },
  );
};
