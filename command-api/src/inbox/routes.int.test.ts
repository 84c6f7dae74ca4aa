import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import { createTestStores } from '@labshop/platform/testing/stores';
import { sessionOf } from '@labshop/platform/testing/sessions';
import type { RecordedEvent } from '@labshop/platform/event-store/port';
import { inboxEventTypes } from '@labshop/contracts/inbox/events';
import { buildCommandApp } from '../app.ts';
import { adminAuthorization, TEST_ADMIN } from '../testing/admin-session.ts';

const tokens = createTokenService('test-secret-that-is-long-enough-for-hs256');
let stores: Awaited<ReturnType<typeof createTestStores>>;
let app: Awaited<ReturnType<typeof buildCommandApp>>;
let admin: { authorization: string };
let sql: pg.Client;

beforeAll(async () => {
  stores = await createTestStores();
  sql = new pg.Client({ connectionString: stores.databaseUrl });
  await sql.connect();
  app = await buildCommandApp({
    eventStore: stores.eventStore,
    tokens,
    visitorFormRateLimit: { max: 100, timeWindow: '1 minute' },
  });
  admin = await adminAuthorization(stores.eventStore, tokens);
});
afterAll(async () => {
  await sql?.end();
  await app?.close();
  await stores?.drop();
});

/**
 * Every inbox event written so far. The table says at once how many were committed; readAll shows them once no
 * older transaction of the cluster (other suites' too) is still open, so it is read until it shows them all.
 */
async function inboxEvents(): Promise<RecordedEvent[]> {
  const { rows } = await sql.query<{ written: number }>(
    'SELECT count(*)::int AS written FROM events WHERE type = ANY($1)',
    [inboxEventTypes],
  );
  const written = rows[0]?.written ?? 0;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const events: RecordedEvent[] = [];
    for await (const event of stores.eventStore.readAll({ types: inboxEventTypes })) events.push(event);
    if (events.length >= written || Date.now() > deadline) return events;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const inquiry = {
  service: 'Plasmid Production Services',
  firstName: 'Ann',
  lastName: 'Lee',
  company: 'Lee Labs',
  phone: '+1 (512) 555-0100',
  email: 'Ann@Example.com',
  comment: 'We need 5 mg of endotoxin-free plasmid.',
};

const contact = {
  subject: 'Distributor in Ohio',
  name: 'Bo Chen',
  email: 'bo@example.com',
  extension: '12',
  title: 'Dr',
  department: 'Purchasing',
  message: 'Do you ship to Ohio?',
  termsAccepted: true,
  interests: 'Products,Distributorship',
};

describe('visitor forms', () => {
  it('records an inquiry with the visitor as actor and the client in the metadata', async () => {
    const before = (await inboxEvents()).length;
    const response = await app.inject({
      method: 'POST',
      url: '/api/inquiries',
      payload: inquiry,
      headers: { 'user-agent': 'Test\u0007Agent/1.0' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Inquiry sent successfully!' });
    const [event] = (await inboxEvents()).slice(before);
    expect(event?.type).toBe('InquirySubmitted');
    expect(event?.stream).toMatch(/^inquiry-/);
    expect(event?.data).toMatchObject({ ...inquiry, email: 'ann@example.com' });
    expect(event?.metadata.actor).toMatchObject({ kind: 'anonymous', email: '' });
    expect(event?.metadata).toMatchObject({ ip: '127.0.0.1', userAgent: 'TestAgent/1.0' });
  });

  it('refuses missing fields with their messages and writes nothing', async () => {
    const before = (await inboxEvents()).length;
    const response = await app.inject({
      method: 'POST',
      url: '/api/inquiries',
      payload: { ...inquiry, firstName: '  ', company: undefined, email: 'not-an-email' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      firstName: 'First name is required',
      company: 'Company is required',
      email: 'Please enter a valid email address',
    });
    const contactResponse = await app.inject({
      method: 'POST',
      url: '/api/contact-messages',
      payload: { ...contact, subject: 'x'.repeat(101), termsAccepted: false, interests: 'Products,Lunch' },
    });
    expect(contactResponse.statusCode).toBe(400);
    expect(contactResponse.json().fields).toEqual({
      subject: 'Subject must be at most 100 characters',
      termsAccepted: 'Please accept the terms and conditions',
      interests: 'Interests are chosen from Products, Services, R&D Collaboration, Distributorship',
    });
    expect(await inboxEvents()).toHaveLength(before);
  });

  it('refuses NUL bytes and writes nothing', async () => {
    const before = (await inboxEvents()).length;
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact-messages',
      payload: { ...contact, message: 'Hello\u0000there' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ message: 'Message contains characters that are not allowed' });
    expect(await inboxEvents()).toHaveLength(before);
  });

  it('answers a filled honeypot like a real message and records nothing', async () => {
    const before = (await inboxEvents()).length;
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact-messages',
      payload: { ...contact, website: 'http://spam.example' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Your message has been sent!' });
    const inquiryResponse = await app.inject({
      method: 'POST',
      url: '/api/inquiries',
      payload: { ...inquiry, website: 'buy now' },
    });
    expect(inquiryResponse.json()).toEqual({ message: 'Inquiry sent successfully!' });
    expect(await inboxEvents()).toHaveLength(before);
  });

  it('records a contact message with its interests as a list', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/contact-messages', payload: contact });
    expect(response.statusCode).toBe(201);
    const last = (await inboxEvents()).at(-1);
    expect(last?.type).toBe('ContactMessageSubmitted');
    expect(last?.data).toMatchObject({ subject: contact.subject, interests: ['Products', 'Distributorship'] });
    expect(last?.data).not.toHaveProperty('termsAccepted');
  });
});

describe('the rate limit', () => {
  it('answers 429 with a clear message once a client sent too many', async () => {
    const limitedApp = await buildCommandApp({
      eventStore: stores.eventStore,
      tokens,
      visitorFormRateLimit: { max: 2, timeWindow: '1 minute' },
    });
    try {
      const send = () => limitedApp.inject({ method: 'POST', url: '/api/inquiries', payload: inquiry });
      expect((await send()).statusCode).toBe(201);
      expect((await send()).statusCode).toBe(201);
      const before = (await inboxEvents()).length;
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(
        /^You have sent several messages in a short time\. Please wait 1 minute\(s\) and try again/,
      );
      expect(await inboxEvents()).toHaveLength(before);
    } finally {
      await limitedApp.close();
    }
  });
});

describe('the acknowledgement budget', () => {
  it('records every message, but acknowledges at most so many per recipient and per form, answering the visitor alike', async () => {
    const budgeted = await buildCommandApp({
      eventStore: stores.eventStore,
      tokens,
      trustProxy: '127.0.0.1',
      visitorFormRateLimit: { max: 100, timeWindow: '1 minute' },
      acknowledgementBudget: {
        perForm: { max: 3, timeWindow: '1 hour' },
        perRecipient: { max: 2, timeWindow: '1 day' },
      },
    });
    try {
      // From 30 addresses, as the probe did: each is a new client, so only the budgets stand between them and a relay.
      const send = async (url: string, payload: object, index: number) => {
        const response = await budgeted.inject({
          method: 'POST',
          url,
          payload,
          headers: { 'x-forwarded-for': `10.40.0.${index}` },
        });
        expect(response.statusCode).toBe(201);
        const last = (await inboxEvents()).at(-1)!;
        return {
          message: response.json().message as string,
          acknowledge: (last.data as { acknowledge: boolean }).acknowledge,
        };
      };
      // Per recipient: the same typed address (any case) is acknowledged twice a day.
      const sameRecipient = [];
      for (let index = 1; index <= 3; index++)
        sameRecipient.push(
          await send(
            '/api/inquiries',
            { ...inquiry, email: index === 2 ? 'VICTIM@example.com' : 'victim@example.com' },
            index,
          ),
        );
      expect(sameRecipient.map((sent) => sent.acknowledge)).toEqual([true, true, false]);
      expect(new Set(sameRecipient.map((sent) => sent.message)).size).toBe(1);
      // Per form, whole site: 3 acknowledgements of inquiries an hour (two spent above), whoever they go to.
      const manyRecipients = [];
      for (let index = 4; index <= 6; index++)
        manyRecipients.push(await send('/api/inquiries', { ...inquiry, email: `person${index}@example.com` }, index));
      expect(manyRecipients.map((sent) => sent.acknowledge)).toEqual([true, false, false]);
      // The contact form has its own budget.
      expect((await send('/api/contact-messages', { ...contact, email: 'other@example.com' }, 7)).acknowledge).toBe(
        true,
      );
    } finally {
      await budgeted.close();
    }
  });
});

describe('mark answered', () => {
  async function sentInquiryId(): Promise<string> {
    await app.inject({ method: 'POST', url: '/api/inquiries', payload: inquiry });
    const last = (await inboxEvents()).at(-1);
    expect(last?.type).toBe('InquirySubmitted');
    return (last?.data as { inquiryId: string }).inquiryId;
  }

  it('records the admin who answered, once', async () => {
    const inquiryId = await sentInquiryId();
    const response = await app.inject({
      method: 'POST',
      url: `/api/admin/inbox/inquiry/${inquiryId}/answer`,
      headers: admin,
    });
    expect(response.statusCode).toBe(200);
    const answered = (await inboxEvents()).at(-1);
    expect(answered?.type).toBe('SubmissionAnswered');
    expect(answered?.metadata.actor).toMatchObject({ kind: 'admin', email: TEST_ADMIN.email });
    expect(answered?.data).toMatchObject({
      kind: 'inquiry',
      submissionId: inquiryId,
      answeredBy: { email: TEST_ADMIN.email },
    });
    const again = await app.inject({
      method: 'POST',
      url: `/api/admin/inbox/inquiry/${inquiryId}/answer`,
      headers: admin,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`This message was already marked answered by ${TEST_ADMIN.email}`);
  });

  it('refuses a customer token (403), no token (401) and an unknown message (404)', async () => {
    const inquiryId = await sentInquiryId();
    const customer = await sessionOf(tokens, { kind: 'customer', id: randomUUID(), email: 'c@example.com' });
    const url = `/api/admin/inbox/inquiry/${inquiryId}/answer`;
    expect((await app.inject({ method: 'POST', url, headers: customer })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'POST', url: `/api/admin/inbox/contact/${inquiryId}/answer`, headers: admin }))
        .statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'POST', url: `/api/admin/inbox/inquiry/${randomUUID()}/answer`, headers: admin }))
        .statusCode,
    ).toBe(404);
  });
});
