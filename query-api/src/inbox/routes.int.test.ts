import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import { createTestStores } from '@labshop/platform/testing/stores';
import { givenEvents, TEST_ADMIN } from '@labshop/platform/testing/given-events';
import { testContactMessage, testInquiry } from '@labshop/platform/testing/inbox';
import { sessionOf } from '@labshop/platform/testing/sessions';
import { createLogger } from '@labshop/platform/logger';
import { contactMessageStream, inquiryStream } from '@labshop/contracts/inbox/events';
import type { InboxListView } from '@labshop/contracts/inbox/queries';
import { inbox } from '@labshop/projectors';
import { startProjectors } from '@labshop/projectors/start';
import { buildQueryApp } from '../app.ts';
import { POSITION_HEADER } from '../read-your-writes.ts';

const tokens = createTokenService('test-secret-that-is-long-enough-for-hs256');
const visitor = { kind: 'anonymous' as const, id: 'visitor', email: '' };
let stores: Awaited<ReturnType<typeof createTestStores>>;
let queries: Awaited<ReturnType<typeof buildQueryApp>>;
let projectors: { stop(): Promise<void> };
let admin: { authorization: string };

beforeAll(async () => {
  stores = await createTestStores();
  queries = await buildQueryApp({ ...stores, tokens, projections: [inbox] });
  projectors = startProjectors({ ...stores, projections: [inbox], logger: createLogger('silent') });
  admin = await sessionOf(tokens);
});
afterAll(async () => {
  await projectors?.stop();
  await queries?.close();
  await stores?.drop();
});

describe('GET /api/admin/inbox', () => {
  it('lists inquiries and contact messages newest first, with status and who answered', async () => {
    const inquiry = testInquiry({ submittedAt: '2026-11-23T15:00:00.000Z' });
    const message = testContactMessage({ submittedAt: '2026-11-23T15:05:00.000Z' });
    await givenEvents(stores.eventStore, inquiryStream(inquiry.data.inquiryId), [inquiry], visitor);
    await givenEvents(stores.eventStore, contactMessageStream(message.data.messageId), [message], visitor);
    const answeredBy = { id: TEST_ADMIN.id, email: TEST_ADMIN.email };
    const position = await givenEvents(stores.eventStore, inquiryStream(inquiry.data.inquiryId), [
      {
        type: 'SubmissionAnswered',
        data: {
          kind: 'inquiry',
          submissionId: inquiry.data.inquiryId,
          answeredBy,
          answeredAt: '2026-11-23T16:00:00.000Z',
        },
      },
    ]);

    const response = await queries.inject({
      method: 'GET',
      url: '/api/admin/inbox',
      headers: { ...admin, [POSITION_HEADER]: position },
    });
    expect(response.statusCode).toBe(200);
    const view = response.json<InboxListView>();
    expect(view).toMatchObject({ total: 2, newCount: 1, page: 1, pageSize: 20 });
    expect(view.submissions.map((entry) => [entry.kind, entry.status, entry.answeredBy?.email ?? null])).toEqual([
      ['contact', 'new', null],
      ['inquiry', 'answered', TEST_ADMIN.email],
    ]);

    const onlyNew = await queries.inject({ method: 'GET', url: '/api/admin/inbox?status=new', headers: admin });
    expect(onlyNew.json<InboxListView>().submissions.map((entry) => entry.id)).toEqual([message.data.messageId]);
  });

  it('is for admins only: a customer token gets 403, no token 401; a bad filter 400', async () => {
    const customer = await sessionOf(tokens, { kind: 'customer', id: randomUUID(), email: 'c@example.com' });
    expect((await queries.inject({ method: 'GET', url: '/api/admin/inbox', headers: customer })).statusCode).toBe(403);
    expect((await queries.inject({ method: 'GET', url: '/api/admin/inbox' })).statusCode).toBe(401);
    const bad = await queries.inject({ method: 'GET', url: '/api/admin/inbox?status=spam', headers: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ status: "Status is 'new' or 'answered'" });
  });
});
