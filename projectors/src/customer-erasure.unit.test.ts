import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@labshop/platform/event-store/port';
import { personalPartsOf } from '@labshop/platform/event-store/personal-data/personal-fields';
import { openPart, sealPart } from '@labshop/platform/event-store/personal-data/sealed-parts';
import { newPersonalDataKey } from '@labshop/platform/event-store/personal-data/sealing';
import type { Projection } from '@labshop/platform/read-store/projection';
import { orderDesk } from './order-desk/projection.ts';
import { auditLog } from './audit-log/projection.ts';
import { customerAddresses } from './customer-addresses/projection.ts';
import { customerProfiles } from './customer-profiles/projection.ts';
import { inbox } from './inbox/projection.ts';
import { orderPlaced } from './testing/order-events.ts';
import { recorded, replay } from './testing/replay.ts';

const customerId = 'c-erased';
const other = 'c-kept';
const ORDER_1 = '00000000-0000-4000-8000-0000000e0001';
const ORDER_2 = '00000000-0000-4000-8000-0000000e0002';
const erasedOwners = [customerId, 'i-1', 'm-1'];
const bySubmission = (event: RecordedEvent): RecordedEvent => {
  const { inquiryId, messageId } = event.data as { inquiryId?: string; messageId?: string };
  return {
    ...event,
    metadata: {
      ...event.metadata,
      actor: { kind: 'anonymous', id: inquiryId ?? messageId ?? '', email: '' },
      ip: '203.0.113.7',
    },
  };
};
const byCustomer = (event: RecordedEvent, id: string): RecordedEvent => ({
  ...event,
  metadata: { ...event.metadata, actor: { kind: 'customer', id, email: `${id}@example.com` } },
});

function history(): RecordedEvent[] {
  return [
    byCustomer(
      recorded('CustomerRegistered', {
        customerId,
        email: 'zoe@example.com',
        title: 'Ms',
        firstName: 'Zoe',
        lastName: 'Quill',
        passwordHash: 'x',
        newsletter: false,
        termsAcceptedAt: '2026-01-01T00:00:00.000Z',
      }),
      customerId,
    ),
    byCustomer(orderPlaced(ORDER_1, customerId, '2026-01-02T00:00:00.000Z', { taxExemptNumber: 'EX-42' }), customerId),
    byCustomer(
      recorded('PurchaseOrderSubmitted', {
        orderId: ORDER_1,
        customerId,
        company: 'Quill Lab',
        name: 'Zoe Quill',
        poNumber: 'PO-1',
        cardType: 'visa',
        cardLast4: '4242',
        submittedAt: '2026-01-02T00:00:00.000Z',
      }),
      customerId,
    ),
    recorded('OrderConfirmed', { orderId: ORDER_1, confirmedAt: '2026-01-03T00:00:00.000Z' }),
    // What staff typed into her order names her.
    recorded('OrderPutOnHold', {
      orderId: ORDER_1,
      reason: 'Waiting for Zoe Quill to call back',
      heldAt: '2026-01-03T01:00:00.000Z',
    }),
    recorded('OrderReleased', { orderId: ORDER_1, releasedAt: '2026-01-03T02:00:00.000Z' }),
    recorded('InvoiceIssued', {
      orderId: ORDER_1,
      invoiceNumber: 'INV-1',
      fileName: `${'a'.repeat(64)}.pdf`,
      sha256: 'a'.repeat(64),
      size: 10,
      issuedAt: '2026-01-03T03:00:00.000Z',
    }),
    recorded('InvoiceMarkedPaid', {
      orderId: ORDER_1,
      reference: 'Wire from Zoe Quill',
      paidAt: '2026-01-03T04:00:00.000Z',
    }),
    recorded('CreditNoteRequested', {
      orderId: ORDER_1,
      creditNoteNumber: 'CN-1-1',
      invoiceNumber: 'INV-1',
      amountCents: 100,
      reason: 'Zoe Quill got a broken flask',
      requestedAt: '2026-01-03T05:00:00.000Z',
    }),
    recorded('OrderCancelled', {
      orderId: ORDER_1,
      reason: 'Quill Lab closed',
      cancelledAt: '2026-01-03T06:00:00.000Z',
    }),
    byCustomer(orderPlaced(ORDER_2, other, '2026-01-04T00:00:00.000Z'), other),
    bySubmission(
      recorded('InquirySubmitted', {
        inquiryId: 'i-1',
        service: 'Exosome isolation',
        firstName: 'Zoe',
        lastName: 'Quill',
        company: 'Quill Lab',
        phone: '555-0142',
        email: 'zoe@example.com',
        comment: 'Call me, Zoe',
        submittedAt: '2026-01-05T00:00:00.000Z',
      }),
    ),
    bySubmission(
      recorded('ContactMessageSubmitted', {
        messageId: 'm-1',
        subject: 'Zoe asks',
        name: 'Zoe Quill',
        email: 'zoe@example.com',
        extension: '12',
        title: 'Dr',
        department: 'Quill dept',
        message: 'Hello from Zoe',
        interests: ['Products'],
        submittedAt: '2026-01-05T00:00:00.000Z',
      }),
    ),
    bySubmission(
      recorded('InquirySubmitted', {
        inquiryId: 'i-2',
        service: 'Cloning',
        firstName: 'Kim',
        lastName: 'Other',
        company: '',
        phone: '',
        email: 'kim@example.com',
        comment: 'Hi',
        submittedAt: '2026-01-06T00:00:00.000Z',
      }),
    ),
  ].map((event) => {
    const { orderId } = event.data as { orderId?: string };
    return orderId ? { ...event, stream: `order-${orderId}` } : event;
  });
}

/** The customer of an order's stream, as the store finds it when staff's text is appended. */
function orderOwnerOf(event: RecordedEvent): string | undefined {
  if (event.stream === `order-${ORDER_1}`) return customerId;
  return event.stream === `order-${ORDER_2}` ? other : undefined;
}

/** The events as the personal-data store reads them once the customer's key is gone. */
function readAfterErasure(events: RecordedEvent[]): RecordedEvent[] {
  return events.map((event) => {
    const opened = { ...event };
    for (const { part, owner, paths } of personalPartsOf(event, orderOwnerOf(event))) {
      if (!erasedOwners.includes(owner)) continue;
      const sealed = sealPart(
        event[part] as Record<string, unknown>,
        owner,
        paths,
        newPersonalDataKey(),
        `${event.id}/${part}`,
      );
      (opened[part] as unknown) = openPart(sealed, 'erased', `${event.id}/${part}`);
    }
    return opened;
  });
}

const erased = () => ({
  ...recorded('CustomerErased', {
    customerId,
    erasedAt: '2026-02-01T00:00:00.000Z',
    submissionIds: ['i-1', 'm-1'],
    orderIds: [ORDER_1],
  }),
  stream: `customer-${customerId}`,
});
const inFieldOrder = (document: object) => {
  const { changes } = document as { changes?: Record<string, { field: string }[]> };
  if (!changes) return document;
  return {
    ...document,
    changes: Object.fromEntries(
      Object.entries(changes).map(([id, list]) => [id, [...list].sort((a, b) => a.field.localeCompare(b.field))]),
    ),
  };
};
const withoutPositions = <D extends { _position: string }>(documents: Map<string, D>) =>
  [...documents.values()].map(({ _position, ...rest }) => rest);

describe('read models on CustomerErased', () => {
  it('inbox: the submissions sent from their emails read as the erased customer, as a rebuild gives them; others untouched', async () => {
    const scrubbed = await replay(inbox, [...history(), erased()]);
    expect(withoutPositions(scrubbed)).toEqual(
      withoutPositions(await replay(inbox, [...readAfterErasure(history()), erased()])),
    );
    expect(JSON.stringify([scrubbed.get('i-1'), scrubbed.get('m-1')])).not.toMatch(/Zoe|Quill|zoe@|555-0142|Dr"|"12"/);
    expect(scrubbed.get('i-1')).toMatchObject({ name: 'Erased customer', topic: 'Exosome isolation' });
    expect(scrubbed.get('m-1')?.details).toEqual([{ label: 'Interests', value: 'Products' }]);
    expect(scrubbed.get('i-2')).toMatchObject({ name: 'Kim Other', email: 'kim@example.com' });
  });

  it.each([orderDesk, auditLog] as Projection[])(
    '$name: scrubbing on the event gives what a rebuild through the store gives, other customers untouched',
    async (projection) => {
      const events = history();
      const before = JSON.stringify([...(await replay(projection, events)).values()]);
      expect(before).toMatch(projection === auditLog ? /Zoe Quill/ : /Zoe|PO-1/);
      // One erasure event for both: the audit log keeps its id.
      const erasure = erased();
      const scrubbed = await replay(projection, [...events, erasure]);
      const rebuilt = await replay(projection, [...readAfterErasure(events), erasure]);
      // (An event's fields come back from the store in any order, and an audit entry lists its changes in that order.)
      expect(withoutPositions(scrubbed).map(inFieldOrder)).toEqual(withoutPositions(rebuilt).map(inFieldOrder));
      const text = JSON.stringify([...scrubbed.values()]);
      expect(text).not.toMatch(/Zoe|Quill|EX-42|c-erased@example\.com|PO-1/);
      if (projection === auditLog) return;
      type Entry = {
        order: { totalCents: number; status: string; address: { firstName: string } };
        timeline: { summary: string }[];
      };
      const entry = scrubbed.get(ORDER_1) as unknown as Entry;
      expect(entry.order).toMatchObject({ totalCents: 9_911, status: 'Cancelled', address: { firstName: 'Erased' } });
      expect(entry.timeline.map((item) => item.summary)).toEqual([
        expect.stringMatching(/^Order .* placed/),
        'PO submitted, card on file Visa ending 4242',
        'Confirmed',
        'Put on hold',
        'Released from hold',
        'Invoice issued',
        'Invoice marked paid',
        'Credit note CN-1-1 for $1.00',
        'Cancelled',
      ]);
      expect((scrubbed.get(ORDER_2) as unknown as Entry).order.address.firstName).toBe('Ann');
    },
  );

  it.each([customerProfiles, customerAddresses] as Projection[])(
    '$name: the erased customer has no document left',
    async (projection) => {
      const documents = await replay(projection, [...history(), erased()]);
      expect([...documents.keys()]).not.toContain(customerId);
    },
  );
});
