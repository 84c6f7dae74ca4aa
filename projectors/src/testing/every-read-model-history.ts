import type { Actor, RecordedEvent } from '@labshop/platform/event-store/port';
import { BLOG_STREAM, type BlogEvent } from '@labshop/contracts/content/blog-events';
import { customerStream, type CustomerEvent } from '@labshop/contracts/customers/events';
import { contactMessageStream, inquiryStream, type InboxEvent } from '@labshop/contracts/inbox/events';
import { uploadedProductStream, type UploadedProductEvent } from '@labshop/contracts/catalogue/uploads-events';
import { serviceStream, type ServiceEvent } from '@labshop/contracts/content/services-events';
import { stockStream, type StockEvent } from '@labshop/contracts/stock/events';
import { taxExemptionStream, type TaxExemptionEvent } from '@labshop/contracts/tax/exemptions-events';
import { testContactMessage, testInquiry } from '@labshop/platform/testing/inbox';
import { shopHistory, type HistoryAppend } from './shop-history.ts';

type Event =
  CustomerEvent | ServiceEvent | InboxEvent | UploadedProductEvent | BlogEvent | TaxExemptionEvent | StockEvent;

const ADMIN: Actor = { kind: 'admin', id: '00000000-0000-4000-8000-0000000ad001', email: 'admin@labshop.test' };
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * A history in which every read model gets documents, changes them and (where it can) deletes them: the
 * shop history (catalogue, carts, orders, invoices; `shopEvents` of it), then a detail's stock counted, reserved,
 * released and shipped, customers registering,
 * activating, editing their profile and one erased, a tax exemption certificate rejected, filed again and verified, research services edited, deactivated and deleted,
 * inquiries and contact messages answered and erased, uploaded products and blog rows added, updated and
 * deleted. Each stream has its own revisions; positions are zero-padded counters in append order, as the
 * runtime compares them. For the read models' MongoDB run and the test that every model has one.
 */
export function everyReadModelHistory(shopEvents = 1_000): RecordedEvent[] {
  const events: RecordedEvent[] = [];
  const revisions = new Map<string, number>();
  const record = ({ stream, events: appended }: HistoryAppend) => {
    for (const event of appended) {
      const revision = (revisions.get(stream) ?? -1) + 1;
      revisions.set(stream, revision);
      events.push({
        id: event.id ?? `event-${events.length + 1}`,
        type: event.type,
        stream,
        revision,
        position: String(events.length + 1).padStart(12, '0'),
        data: event.data,
        metadata: event.metadata,
      });
    }
  };
  for (const append of shopHistory(shopEvents)) record(append);

  let clock = Date.parse('2026-06-01T09:00:00.000Z');
  const append = (stream: string, actor: Actor, appended: Event[]) => {
    clock += 60_000;
    const metadata = {
      actor,
      correlationId: `c-${clock}`,
      causationId: `c-${clock}`,
      occurredAt: new Date(clock).toISOString(),
    };
    record({ stream, events: appended.map(({ type, data }) => ({ type, data, metadata })) });
  };

  // Stock of the history's first detail: counted, two orders reserve (one partly on backorder), one is released, one ships.
  const detailId = (events.find((event) => event.type === 'DetailCreated')?.data as { detailId: string }).detailId;
  const stockAt = () => new Date(clock).toISOString();
  append(stockStream(detailId), ADMIN, [{ type: 'StockCounted', data: { detailId, onHand: 5, at: stockAt() } }]);
  append(stockStream(detailId), ADMIN, [
    {
      type: 'StockReserved',
      data: { detailId, orderId: id(70), quantity: 2, reserved: 2, backordered: 0, at: stockAt() },
    },
  ]);
  append(stockStream(detailId), ADMIN, [
    {
      type: 'StockReserved',
      data: { detailId, orderId: id(71), quantity: 4, reserved: 3, backordered: 1, at: stockAt() },
    },
  ]);
  append(stockStream(detailId), ADMIN, [
    { type: 'StockReleased', data: { detailId, orderId: id(70), reserved: 2, at: stockAt() } },
  ]);
  append(stockStream(detailId), ADMIN, [
    { type: 'StockShipped', data: { detailId, orderId: id(71), units: 3, at: stockAt() } },
  ]);

  // Customers: one keeps an account and edits the profile; the other is erased, with the inquiry they sent.
  const [kept, erased] = [id(1), id(2)];
  const erasedInquiry = testInquiry({
    inquiryId: id(30),
    email: 'zoe@example.com',
    submittedAt: '2026-06-01T10:00:00.000Z',
  });
  for (const [customerId, who] of [
    [kept, { email: 'ann@example.com', title: 'Ms', firstName: 'Ann', lastName: 'Lee' }],
    [erased, { email: 'zoe@example.com', title: 'Ms', firstName: 'Zoe', lastName: 'Park' }],
  ] as const) {
    const actor: Actor = { kind: 'customer', id: customerId, email: who.email };
    append(customerStream(customerId), actor, [
      {
        type: 'CustomerRegistered',
        data: {
          customerId,
          ...who,
          passwordHash: 'scrypt$hash',
          newsletter: true,
          termsAcceptedAt: new Date(clock).toISOString(),
        },
      },
      {
        type: 'ActivationTokenIssued',
        data: {
          customerId,
          ...who,
          tokenId: `t-${customerId}`,
          tokenHash: 'hash',
          expiresAt: '2026-06-03T09:00:00.000Z',
          reason: 'registration',
        },
      },
    ]);
    append(customerStream(customerId), actor, [
      { type: 'CustomerActivated', data: { customerId, ...who, tokenId: `t-${customerId}` } },
    ]);
    append(customerStream(customerId), actor, [
      {
        type: 'CustomerProfileChanged',
        data: { customerId, changes: { fullName: `${who.firstName} ${who.lastName}`, city: 'Austin', state: 'Texas' } },
      },
    ]);
  }

  // Inbox: an inquiry answered, a contact message, and the erased customer's inquiry.
  const inquiry = testInquiry({ inquiryId: id(31), submittedAt: '2026-06-01T10:05:00.000Z' });
  const message = testContactMessage({ messageId: id(32), submittedAt: '2026-06-01T10:10:00.000Z' });
  append(
    inquiryStream(erasedInquiry.data.inquiryId),
    { kind: 'anonymous', id: erasedInquiry.data.inquiryId, email: '' },
    [erasedInquiry],
  );
  append(inquiryStream(inquiry.data.inquiryId), { kind: 'anonymous', id: inquiry.data.inquiryId, email: '' }, [
    inquiry,
  ]);
  append(contactMessageStream(message.data.messageId), { kind: 'anonymous', id: message.data.messageId, email: '' }, [
    message,
  ]);
  append(inquiryStream(inquiry.data.inquiryId), ADMIN, [
    {
      type: 'SubmissionAnswered',
      data: {
        kind: 'inquiry',
        submissionId: inquiry.data.inquiryId,
        answeredBy: { id: ADMIN.id, email: ADMIN.email },
        answeredAt: new Date(clock).toISOString(),
      },
    },
  ]);
  // Tax exemptions: the kept customer's certificate rejected, filed again and verified; the erased customer's filed (erasure deletes it).
  for (const [customerId, email] of [
    [kept, 'ann@example.com'],
    [erased, 'zoe@example.com'],
  ] as const) {
    const actor: Actor = { kind: 'customer', id: customerId, email };
    append(taxExemptionStream(customerId), actor, [
      {
        type: 'TaxExemptionFiled',
        data: {
          customerId,
          certificateId: id(customerId === kept ? 50 : 52),
          state: 'TX',
          number: '1-23-4567890',
          document: null,
          filedAt: new Date(clock).toISOString(),
        },
      },
    ]);
  }
  append(taxExemptionStream(kept), ADMIN, [
    {
      type: 'TaxExemptionRejected',
      data: {
        customerId: kept,
        certificateId: id(50),
        reason: 'Unreadable number',
        rejectedAt: new Date(clock).toISOString(),
      },
    },
  ]);
  append(taxExemptionStream(kept), { kind: 'customer', id: kept, email: 'ann@example.com' }, [
    {
      type: 'TaxExemptionFiled',
      data: {
        customerId: kept,
        certificateId: id(51),
        state: 'TX',
        number: '1-23-4567891',
        document: null,
        filedAt: new Date(clock).toISOString(),
      },
    },
  ]);
  append(taxExemptionStream(kept), ADMIN, [
    {
      type: 'TaxExemptionVerified',
      data: { customerId: kept, certificateId: id(51), verifiedAt: new Date(clock).toISOString() },
    },
  ]);
  append(customerStream(erased), ADMIN, [
    {
      type: 'CustomerErased',
      data: {
        customerId: erased,
        erasedAt: new Date(clock).toISOString(),
        submissionIds: [erasedInquiry.data.inquiryId],
      },
    },
  ]);

  // Research services: one edited and deactivated, one deleted.
  const fields = {
    heading: 'Plasmid DNA manufacturing',
    category: 'Plasmid Production',
    price: '100',
    order: 1,
    content: '<p>Research grade</p>',
  };
  const [service, dropped] = [id(40), id(41)];
  append(serviceStream(service), ADMIN, [
    { type: 'ServiceCreated', data: { serviceId: service, fields, isActive: true } },
  ]);
  append(serviceStream(service), ADMIN, [
    { type: 'ServiceUpdated', data: { serviceId: service, changes: { price: 'From $900', order: 2 } } },
  ]);
  append(serviceStream(service), ADMIN, [{ type: 'ServiceDeactivated', data: { serviceId: service } }]);
  append(serviceStream(dropped), ADMIN, [
    {
      type: 'ServiceCreated',
      data: { serviceId: dropped, fields: { ...fields, heading: 'Exosome isolation', order: 3 }, isActive: true },
    },
  ]);
  append(serviceStream(dropped), ADMIN, [{ type: 'ServiceDeleted', data: { serviceId: dropped } }]);

  // Uploaded products: one updated with a new image, one deleted.
  const product = {
    productName: 'Kit',
    productType: 'Kit',
    priceCents: 100,
    quantity: 1,
    productUrl: null,
    innerPackageId: '',
    description: '<p>x</p>',
  };
  const image = (name: string) => ({ name, originalName: 'kit.png', contentType: 'image/png' as const, size: 10 });
  const [upload, removed] = [id(50), id(51)];
  append(uploadedProductStream(upload), ADMIN, [
    {
      type: 'UploadedProductAdded',
      data: { productId: upload, fields: product, image: image(`${'a'.repeat(64)}.png`) },
    },
  ]);
  append(uploadedProductStream(removed), ADMIN, [
    {
      type: 'UploadedProductAdded',
      data: {
        productId: removed,
        fields: { ...product, productName: 'Other kit' },
        image: image(`${'b'.repeat(64)}.png`),
      },
    },
  ]);
  append(uploadedProductStream(upload), ADMIN, [
    {
      type: 'UploadedProductUpdated',
      data: { productId: upload, changes: { priceCents: 250 }, image: image(`${'c'.repeat(64)}.png`) },
    },
  ]);
  append(uploadedProductStream(removed), ADMIN, [{ type: 'UploadedProductDeleted', data: { productId: removed } }]);

  // Blog: a section with two inner items, a multi-row update, one inner item deleted.
  const row = (itemId: string, sectionId: string | null, number: number): BlogEvent => ({
    type: 'BlogItemAdded',
    data: {
      itemId,
      sectionId,
      number,
      packageId: 'PKG-1',
      innerPackageId: sectionId ? `PKG-1-${number}` : null,
      productName: `Row ${number}`,
      description: '',
    },
  });
  const [section, first, second] = [id(60), id(61), id(62)];
  append(BLOG_STREAM, ADMIN, [row(section, null, 1)]);
  append(BLOG_STREAM, ADMIN, [row(first, section, 2)]);
  append(BLOG_STREAM, ADMIN, [row(second, section, 3)]);
  append(BLOG_STREAM, ADMIN, [
    {
      type: 'BlogItemsUpdated',
      data: {
        items: [
          { itemId: section, changes: { productName: 'Cell culture' } },
          { itemId: first, changes: { description: 'DMEM' } },
        ],
      },
    },
  ]);
  append(BLOG_STREAM, ADMIN, [{ type: 'BlogItemsDeleted', data: { itemIds: [second] } }]);
  return events;
}
