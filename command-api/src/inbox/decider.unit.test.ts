import { describe, it } from 'vitest';
import type { InboxEvent } from '@labshop/contracts/inbox/events';
import { spec } from '@labshop/contracts/testing/decider-spec';
import { submissionDecider, type SubmissionCommand } from './decider.ts';

const submissions = spec(submissionDecider);
const inquiry = {
  inquiryId: 'i-1',
  service: 'Plasmid',
  firstName: 'Ann',
  lastName: 'Lee',
  company: 'Lee Labs',
  phone: '',
  email: 'ann@example.com',
  comment: 'Hi',
  submittedAt: '2026-11-23T10:00:00.000Z',
};
const admin = { id: 'a-1', email: 'admin@labshop.test' };
const markAnswered: SubmissionCommand = {
  type: 'MarkAnswered',
  kind: 'inquiry',
  submissionId: 'i-1',
  admin,
  now: new Date('2026-11-23T11:00:00Z'),
};

describe('a submission', () => {
  const sent: InboxEvent = { type: 'InquirySubmitted', data: inquiry };

  it('is sent once', () => {
    submissions.given([]).when({ type: 'SubmitInquiry', inquiry }).then([sent]);
    submissions.given([sent]).when({ type: 'SubmitInquiry', inquiry }).thenThrows('conflict');
  });

  it('is answered once, by the admin who marks it', () => {
    const answered: InboxEvent = {
      type: 'SubmissionAnswered',
      data: { kind: 'inquiry', submissionId: 'i-1', answeredBy: admin, answeredAt: '2026-11-23T11:00:00.000Z' },
    };
    submissions.given([sent]).when(markAnswered).then([answered]);
    submissions
      .given([sent, answered])
      .when(markAnswered)
      .thenThrows('conflict', { message: 'This message was already marked answered by admin@labshop.test' });
  });

  it('is not found when nothing was sent, or under the other kind', () => {
    submissions.given([]).when(markAnswered).thenThrows('not_found');
    submissions
      .given([sent])
      .when({ ...markAnswered, kind: 'contact' } as SubmissionCommand)
      .thenThrows('not_found');
  });
});
