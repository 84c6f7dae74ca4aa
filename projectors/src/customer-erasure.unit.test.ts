import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@labshop/shared/event-store/port';
import { personalPartsOf } from '@labshop/shared/event-store/personal-data/personal-fields';
import { openPart, sealPart } from '@labshop/shared/event-store/personal-data/sealed-parts';
import { newPersonalDataKey } from '@labshop/shared/event-store/personal-data/sealing';
import type { Projection } from './projection.ts';
import { orderDesk } from './order-desk/projection.ts';
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
  return { ...event, metadata: { ...event.metadata, actor: { kind: 'anonymous', id: inquiryId ?? messageId ?? '', email: '' }, ip: '203.0.113.7' } };
};
const byCustomer = (event: RecordedEvent, id: string): RecordedEvent => ({ ...event, metadata: { ...event.metadata, actor: { kind: 'customer', id, email: `${id}@example.com` } } });

function history(): RecordedEvent[] {
  return [
    recorded('CustomerRegistered', { customerId, email: 'zoe@example.com', title: 'Ms', firstName: 'Zoe', lastName: 'Quill', passwordHash: 'x', newsletter: false, termsAcceptedAt: '2026-01-01T00:00:00.000Z' }),
    byCustomer(orderPlaced(ORDER_1, customerId, '2026-01-02T00:00:00.000Z', { taxExemptNumber: 'EX-42' }), customerId),
    byCustomer(recorded('PurchaseOrderSubmitted', { orderId: ORDER_1, customerId, company: 'Quill Lab', name: 'Zoe Quill', poNumber: 'PO-1', cardType: 'visa', cardLast4: '4242', submittedAt: '2026-01-02T00:00:00.000Z' }), customerId),
    recorded('OrderConfirmed', { orderId: ORDER_1, confirmedAt: '2026-01-03T00:00:00.000Z' }),
    byCustomer(orderPlaced(ORDER_2, other, '2026-01-04T00:00:00.000Z'), other),
    bySubmission(recorded('InquirySubmitted', { inquiryId: 'i-1', service: 'Exosome isolation', firstName: 'Zoe', lastName: 'Quill', company: 'Quill Lab', phone: '555-0142', email: 'zoe@example.com', comment: 'Call me, Zoe', submittedAt: '2026-01-05T00:00:00.000Z' })),
    bySubmission(recorded('ContactMessageSubmitted', { messageId: 'm-1', subject: 'Zoe asks', name: 'Zoe Quill', email: 'zoe@example.com', extension: '12', title: 'Dr', department: 'Quill dept', message: 'Hello from Zoe', interests: ['Products'], submittedAt: '2026-01-05T00:00:00.000Z' })),
    bySubmission(recorded('InquirySubmitted', { inquiryId: 'i-2', service: 'Cloning', firstName: 'Kim', lastName: 'Other', company: '', phone: '', email: 'kim@example.com', comment: 'Hi', submittedAt: '2026-01-06T00:00:00.000Z' })),
  ].map((event) => (event.type === 'OrderPlaced' || event.type === 'PurchaseOrderSubmitted' || event.type === 'OrderConfirmed' ? { ...event, stream: `order-${(event.data as { orderId: string }).orderId}` } : event));
}

/** The events as the personal-data store reads them once the customer's key is gone. */
function readAfterErasure(events: RecordedEvent[]): RecordedEvent[] {
  return events.map((event) => {
    const opened = { ...event };
    for (const { part, owner, paths } of personalPartsOf(event)) {
      if (!erasedOwners.includes(owner)) continue;
      const sealed = sealPart(event[part] as Record<string, unknown>, owner, paths, newPersonalDataKey(), `${event.id}/${part}`);
      (opened[part] as unknown) = openPart(sealed, 'erased', `${event.id}/${part}`);
    }
    return opened;
  });
}

const erased = () => ({ ...recorded('CustomerErased', { customerId, erasedAt: '2026-02-01T00:00:00.000Z', submissionIds: ['i-1', 'm-1'] }), stream: `customer-${customerId}` });
const withoutPositions = <D extends { _position: string }>(documents: Map<string, D>) => [...documents.values()].map(({ _position, ...rest }) => rest);

describe('read models on CustomerErased', () => {
  it('inbox: the submissions sent from their emails read as the erased customer, as a rebuild gives them; others untouched', async () => {
    const scrubbed = await replay(inbox, [...history(), erased()]);
    expect(withoutPositions(scrubbed)).toEqual(withoutPositions(await replay(inbox, [...readAfterErasure(history()), erased()])));
    expect(JSON.stringify([scrubbed.get('i-1'), scrubbed.get('m-1')])).not.toMatch(/Zoe|Quill|zoe@|555-0142|Dr"|"12"/);
    expect(scrubbed.get('i-1')).toMatchObject({ name: 'Erased customer', topic: 'Exosome isolation' });
    expect(scrubbed.get('m-1')?.details).toEqual([{ label: 'Interests', value: 'Products' }]);
    expect(scrubbed.get('i-2')).toMatchObject({ name: 'Kim Other', email: 'kim@example.com' });
  });

  it.each([orderDesk] as Projection[])('$name: scrubbing on the event gives what a rebuild through the store gives, other customers untouched', async (projection) => {
    const events = history();
    const scrubbed = await replay(projection, [...events, erased()]);
    const rebuilt = await replay(projection, [...readAfterErasure(events), erased()]);
    expect(withoutPositions(scrubbed)).toEqual(withoutPositions(rebuilt));
    const text = JSON.stringify([...scrubbed.values()]);
    expect(text).not.toMatch(/Zoe|Quill|EX-42|c-erased@example\.com/);
    type Entry = { order: { totalCents: number; status: string; address: { firstName: string } } };
    expect((scrubbed.get(ORDER_1) as unknown as Entry).order).toMatchObject({ totalCents: 9_911, status: 'Confirmed', address: { firstName: 'Erased' } });
    expect((scrubbed.get(ORDER_2) as unknown as Entry).order.address.firstName).toBe('Ann');
  });

  it.each([customerProfiles, customerAddresses] as Projection[])('$name: the erased customer has no document left', async (projection) => {
    const documents = await replay(projection, [...history(), erased()]);
    expect([...documents.keys()]).not.toContain(customerId);
  });
});
