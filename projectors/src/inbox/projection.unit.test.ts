import { describe, expect, it } from 'vitest';
import { testContactMessage, testInquiry } from '@labshop/platform/testing/inbox';
import { recorded, replay } from '../testing/replay.ts';
import { inbox } from './projection.ts';

describe('inbox projection', () => {
  it('lists an inquiry and a contact message as new, with what the visitor sent', async () => {
    const inquiry = testInquiry();
    const message = testContactMessage({ extension: '' });
    const documents = await replay(inbox, [recorded(inquiry.type, inquiry.data), recorded(message.type, message.data)]);
    expect(documents.get(inquiry.data.inquiryId)).toMatchObject({
      kind: 'inquiry',
      status: 'new',
      name: 'Ann Lee',
      company: 'Lee Labs',
      topic: 'Plasmid Production Services',
      details: [],
      answeredBy: null,
    });
    expect(documents.get(message.data.messageId)).toMatchObject({
      kind: 'contact',
      status: 'new',
      topic: 'Distribution in Ohio',
      details: [
        { label: 'Title', value: 'Dr' },
        { label: 'Department', value: 'Purchasing' },
        { label: 'Interests', value: 'Products, Distributorship' },
      ],
    });
  });

  it('marks a submission answered by the admin who answered it', async () => {
    const inquiry = testInquiry();
    const answeredBy = { id: 'a1', email: 'admin@labshop.test' };
    const documents = await replay(inbox, [
      recorded(inquiry.type, inquiry.data),
      recorded('SubmissionAnswered', {
        kind: 'inquiry',
        submissionId: inquiry.data.inquiryId,
        answeredBy,
        answeredAt: '2026-11-23T16:00:00.000Z',
      }),
    ]);
    expect(documents.get(inquiry.data.inquiryId)).toMatchObject({
      status: 'answered',
      answeredBy,
      answeredAt: '2026-11-23T16:00:00.000Z',
    });
  });
});
