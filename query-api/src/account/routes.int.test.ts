import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import type { Actor } from '@labshop/platform/event-store/port';
import { customerEmailStream } from '@labshop/platform/auth/email-streams';
import { customerStream, type CustomerEvent } from '@labshop/contracts/customers/events';
import { createTestStores } from '@labshop/platform/testing/stores';
import { givenEvents } from '@labshop/platform/testing/given-events';
import { sessionOf } from '@labshop/platform/testing/sessions';
import { testOrderPlacedData } from '@labshop/contracts/testing/orders';
import { orderStream, type OrderEvent } from '@labshop/contracts/orders/events';
import { inquiryStream, type InboxEvent } from '@labshop/contracts/inbox/events';
import { customerCartStream, type CartEvent } from '@labshop/contracts/carts/events';
import { testMetadata } from '@labshop/platform/testing/given-events';
import { createLogger } from '@labshop/platform/logger';
import { projections } from '@labshop/projectors';
import { startProjectors } from '@labshop/projectors/start';
import { buildQueryApp } from '../app.ts';
import { POSITION_HEADER } from '../read-your-writes.ts';

const tokens = createTokenService('test-secret-that-is-long-enough-for-hs256');
let stores: Awaited<ReturnType<typeof createTestStores>>;
let queries: Awaited<ReturnType<typeof buildQueryApp>>;
let projectors: { stop(): Promise<void> };

beforeAll(async () => {
  stores = await createTestStores();
  queries = await buildQueryApp({ ...stores, tokens, projections });
  projectors = startProjectors({ ...stores, projections, logger: createLogger('silent') });
});
afterAll(async () => {
  await projectors?.stop();
  await queries?.close();
  await stores?.drop();
});

/** A customer who registered and activated their account. */
async function activeCustomer(email: string): Promise<Actor> {
  const customer: Actor = { kind: 'customer', id: crypto.randomUUID(), email };
  const recipient = { email, title: 'Mr', firstName: 'Dan', lastName: 'Park' } as const;
  await givenEvents(
    stores.eventStore,
    customerEmailStream(email),
    [{ type: 'CustomerEmailReserved', data: { customerId: customer.id, email } }],
    customer,
  );
  await givenEvents<CustomerEvent>(
    stores.eventStore,
    customerStream(customer.id),
    [
      {
        type: 'CustomerRegistered',
        data: {
          ...recipient,
          customerId: customer.id,
          passwordHash: 'scrypt$not-a-real-hash',
          newsletter: false,
          termsAcceptedAt: new Date().toISOString(),
        },
      },
      { type: 'CustomerActivated', data: { ...recipient, customerId: customer.id, tokenId: crypto.randomUUID() } },
    ],
    customer,
  );
  return customer;
}

const read = (headers: Record<string, string>) =>
  queries.inject({ method: 'GET', url: '/api/account/profile', headers });

describe('account queries', () => {
  it("shows the customer's own profile, including a change just saved", async () => {
    const customer = await activeCustomer('dan@example.com');
    const profile = {
      fullName: 'Dan Park',
      company: '',
      vatNumber: 'EX-1',
      phone: '555-0101',
      address1: '2 Bench St',
      address2: 'Suite 4',
      city: 'Austin',
      state: 'TX',
      zipCode: '73301',
    };
    const saved = await givenEvents<CustomerEvent>(
      stores.eventStore,
      customerStream(customer.id),
      [{ type: 'CustomerProfileChanged', data: { customerId: customer.id, changes: profile } }],
      customer,
    );

    const response = await read({ ...(await sessionOf(tokens, customer)), [POSITION_HEADER]: saved });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-labshop-stale']).toBeUndefined();
    expect(response.json()).toEqual({
      customerId: customer.id,
      email: 'dan@example.com',
      title: 'Mr',
      firstName: 'Dan',
      lastName: 'Park',
      newsletter: false,
      profile,
      filledFromLatestOrder: false,
    });
    expect(response.body).not.toMatch(/hash/i);
  });

  it('fills a profile the customer never saved from their latest order, and keeps a saved one', async () => {
    const customer = await activeCustomer('ida@example.com');
    const session = await sessionOf(tokens, customer);
    const address = {
      firstName: 'Ida',
      lastName: 'Boudreaux',
      email: 'ida@example.com',
      company: 'Bayou Bio',
      phone: '+1 504 555 0123',
      address1: '7 Levee Rd',
      address2: 'Lab 2',
      city: 'Metairie',
      state: 'LA',
      zipCode: '70001',
      useForInvoice: true,
    };
    const older = crypto.randomUUID();
    const newer = crypto.randomUUID();
    await givenEvents<OrderEvent>(
      stores.eventStore,
      orderStream(older),
      [
        {
          type: 'OrderPlaced',
          data: testOrderPlacedData(older, customer.id, '2026-11-01T10:00:00.000Z', {
            address: { ...address, city: 'Old Town' },
          }),
        },
      ],
      customer,
    );
    const placed = await givenEvents<OrderEvent>(
      stores.eventStore,
      orderStream(newer),
      [
        {
          type: 'OrderPlaced',
          data: testOrderPlacedData(newer, customer.id, '2026-11-02T10:00:00.000Z', {
            address,
            taxExemptNumber: 'TX-EX-77',
          }),
        },
      ],
      customer,
    );

    const filled = (await read({ ...session, [POSITION_HEADER]: placed })).json();
    expect(filled.filledFromLatestOrder).toBe(true);
    expect(filled.profile).toEqual({
      fullName: 'Ida Boudreaux',
      company: 'Bayou Bio',
      vatNumber: 'TX-EX-77',
      phone: '+1 504 555 0123',
      address1: '7 Levee Rd',
      address2: 'Lab 2',
      city: 'Metairie',
      state: 'LA',
      zipCode: '70001',
    });

    const own = {
      fullName: 'Ida B.',
      company: '',
      vatNumber: '',
      phone: '555-0199',
      address1: '1 Home St',
      address2: '',
      city: 'Austin',
      state: 'TX',
      zipCode: '73301',
    };
    const saved = await givenEvents<CustomerEvent>(
      stores.eventStore,
      customerStream(customer.id),
      [{ type: 'CustomerProfileChanged', data: { customerId: customer.id, changes: own } }],
      customer,
    );
    const kept = (await read({ ...session, [POSITION_HEADER]: saved })).json();
    expect(kept).toMatchObject({ profile: own, filledFromLatestOrder: false });
  });

  it('answers 401 without a session, 403 with an admin one; a customer gets 403 on admin reads', async () => {
    expect((await read({})).statusCode).toBe(401);
    expect((await read(await sessionOf(tokens))).statusCode).toBe(403);
    const customer = await sessionOf(tokens, { kind: 'customer', id: 'c1', email: 'c@example.com' });
    expect(
      (await queries.inject({ method: 'GET', url: '/api/admin/catalogue/products', headers: customer })).statusCode,
    ).toBe(403);
  });

  it('answers 404 for a valid customer token whose account does not exist', async () => {
    const stranger = await sessionOf(tokens, {
      kind: 'customer',
      id: '00000000-0000-4000-8000-00000000dead',
      email: 'x@example.com',
    });
    expect((await read(stranger)).statusCode).toBe(404);
  });
});

describe('download my data', () => {
  const download = (headers: Record<string, string>) =>
    queries.inject({ method: 'GET', url: '/api/account/data', headers });

  async function customerWithOrder(email: string, lastName: string, orderEmail = email) {
    const customer = await activeCustomer(email);
    const orderId = crypto.randomUUID();
    const placed = testOrderPlacedData(orderId, customer.id, new Date().toISOString(), {
      address: { ...testOrderPlacedData(orderId, customer.id, '').address, email: orderEmail, lastName },
    });
    const position = await givenEvents<OrderEvent>(
      stores.eventStore,
      orderStream(orderId),
      [{ type: 'OrderPlaced', data: placed }],
      customer,
    );
    return { customer, orderId, position };
  }

  /** Appends as a request from `ip` with `userAgent` would have: the metadata every command records. */
  async function asRequest(
    stream: string,
    event: { type: string; data: unknown },
    actor: Actor,
    ip: string,
    userAgent: string,
  ) {
    const { position } = await stores.eventStore.append(
      stream,
      [{ ...event, metadata: { ...testMetadata(actor), ip, userAgent } }],
      { expectedRevision: 'any' },
    );
    return position;
  }

  it("gives a customer their own account, saved address, orders and invoices as a JSON file, and nobody else's", async () => {
    const ann = await customerWithOrder('ann.export@example.com', 'Exportwood', 'Ann.Lab@example.org');
    const bob = await customerWithOrder('bob.export@example.com', 'Otherfield');
    let submitted = '';
    for (const [who, email] of [
      ['Ann Asks', 'ann.export@example.com'],
      ['Bob Asks', 'bob.export@example.com'],
    ] as const) {
      const inquiryId = crypto.randomUUID();
      const [firstName, lastName] = who.split(' ') as [string, string];
      const inquiry = {
        inquiryId,
        service: 'Cloning',
        firstName,
        lastName,
        company: '',
        phone: '',
        email,
        comment: 'Do you ship to Alaska?',
        submittedAt: new Date().toISOString(),
      };
      submitted = await givenEvents<InboxEvent>(
        stores.eventStore,
        inquiryStream(inquiryId),
        [{ type: 'InquirySubmitted', data: inquiry }],
        { kind: 'anonymous', id: inquiryId, email: '' },
      );
    }

    // From the email her order went to, as a visitor, from her office; and her cart, from her laptop; staff's move on her order is not hers.
    const labInquiryId = crypto.randomUUID();
    const labInquiry = {
      inquiryId: labInquiryId,
      service: 'Exosomes',
      firstName: 'Ann',
      lastName: 'Lab',
      company: '',
      phone: '',
      email: 'Ann.Lab@example.org',
      comment: 'Lab question',
      submittedAt: new Date().toISOString(),
    };
    await asRequest(
      inquiryStream(labInquiryId),
      { type: 'InquirySubmitted', data: labInquiry },
      { kind: 'anonymous', id: labInquiryId, email: '' },
      '192.0.2.44',
      'OfficeBrowser/2.0',
    );
    const line = {
      detailId: crypto.randomUUID(),
      packSize: null,
      subproductId: crypto.randomUUID(),
      productName: 'DMEM',
      productType: '500 ml',
      catalogNumber: 'DM-1',
      innerPackageId: 'P1',
      imageUrl: null,
      productPath: '/p/1',
      listPriceCents: 2_400,
      discountPercent: 0,
    };
    const cartEvent: CartEvent = {
      type: 'CartItemAdded',
      data: {
        commandId: crypto.randomUUID(),
        at: new Date().toISOString(),
        ...line,
        quantity: 2,
        unitPriceCents: 2_400,
      },
    };
    await asRequest(customerCartStream(ann.customer.id), cartEvent, ann.customer, '203.0.113.5', 'AnnLaptop/1.0');
    submitted = await givenEvents<OrderEvent>(stores.eventStore, orderStream(ann.orderId), [
      { type: 'OrderConfirmed', data: { orderId: ann.orderId, confirmedAt: new Date().toISOString() } },
    ]);

    const response = await download({ ...(await sessionOf(tokens, ann.customer)), [POSITION_HEADER]: submitted });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="labshop-my-data.json"');
    const data = response.json();
    expect(data.account).toMatchObject({
      customerId: ann.customer.id,
      email: 'ann.export@example.com',
      firstName: 'Dan',
      activated: true,
    });
    expect(data.savedAddress).toMatchObject({
      email: 'Ann.Lab@example.org',
      lastName: 'Exportwood',
      fromOrderId: ann.orderId,
    });
    expect(data.orders.map((order: { orderId: string }) => order.orderId)).toEqual([ann.orderId]);
    expect(data.orders[0]).toMatchObject({ kind: 'order', totalCents: 9_911, status: 'Confirmed' });
    expect(data.invoices).toEqual([]);
    // Sent from her account's email and from the email her order went to.
    expect(data.inquiries).toEqual([
      expect.objectContaining({ kind: 'inquiry', name: 'Ann Asks', message: 'Do you ship to Alaska?' }),
      expect.objectContaining({
        kind: 'inquiry',
        name: 'Ann Lab',
        email: 'Ann.Lab@example.org',
        message: 'Lab question',
      }),
    ]);
    // Who on the staff answered is theirs, not hers; nor is where the read model stood.
    for (const inquiry of data.inquiries) expect(Object.keys(inquiry)).not.toContain('answeredBy');
    for (const inquiry of data.inquiries) expect(Object.keys(inquiry)).not.toContain('_position');
    expect(data.cart).toMatchObject({
      cartId: ann.customer.id,
      lines: [expect.objectContaining({ detailId: line.detailId, quantity: 2 })],
    });
    // Everything she did, with the address and browser recorded; staff's confirmation is not hers.
    type Action = { action: string; stream: string; ip: string | null; userAgent: string | null };
    const actions = data.actions as Action[];
    expect(actions.map((action) => action.action)).toEqual([
      'CustomerRegistered',
      'CustomerActivated',
      'OrderPlaced',
      'InquirySubmitted',
      'InquirySubmitted',
      'CartItemAdded',
    ]);
    expect(actions).toContainEqual({
      at: expect.any(String),
      action: 'CartItemAdded',
      stream: customerCartStream(ann.customer.id),
      ip: '203.0.113.5',
      userAgent: 'AnnLaptop/1.0',
    });
    expect(actions).toContainEqual({
      at: expect.any(String),
      action: 'InquirySubmitted',
      stream: inquiryStream(labInquiryId),
      ip: '192.0.2.44',
      userAgent: 'OfficeBrowser/2.0',
    });
    expect(response.body).not.toMatch(/bob\.export|Otherfield|Bob Asks|hash/i);

    const bobs = (
      await download({ ...(await sessionOf(tokens, bob.customer)), [POSITION_HEADER]: bob.position })
    ).json();
    expect(bobs.orders.map((order: { orderId: string }) => order.orderId)).toEqual([bob.orderId]);
  });

  it('is for customers only: 401 without a session, 403 for an admin, 404 once the account is erased', async () => {
    expect((await download({})).statusCode).toBe(401);
    expect((await download(await sessionOf(tokens))).statusCode).toBe(403);
    const { customer } = await customerWithOrder('gone.export@example.com', 'Goneaway');
    const erased = await givenEvents<CustomerEvent>(stores.eventStore, customerStream(customer.id), [
      { type: 'CustomerErased', data: { customerId: customer.id, erasedAt: new Date().toISOString() } },
    ]);
    expect((await download({ ...(await sessionOf(tokens, customer)), [POSITION_HEADER]: erased })).statusCode).toBe(
      404,
    );
  });
});
