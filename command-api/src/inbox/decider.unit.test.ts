import { describe, expect, it } from 'vitest';
import type { InboxEvent } from '@labshop/shared/events/inbox';
import { refusal } from '@labshop/shared/testing/decider-spec';
import { submissionDecider, type SubmissionCommand } from './decider.ts';

const given = (events: InboxEvent[]) => events.reduce(submissionDecider.evolve, submissionDecider.initialState());
const inquiry = { inquiryId: 'i-1', service: 'Plasmid', firstName: 'Ann', lastName: 'Lee', company: 'Lee Labs', phone: '', email: 'ann@example.com', comment: 'Hi', submittedAt: '2026-11-23T10:00:00.000Z' };
const admin = { id: 'a-1', email: 'admin@labshop.test' };
const markAnswered: SubmissionCommand = { type: 'MarkAnswered', kind: 'inquiry', submissionId: 'i-1', admin, now: new Date('2026-11-23T11:00:00Z') };

describe('a submission', () => {
  it('is sent once', () => {
    expect(submissionDecider.decide({ type: 'SubmitInquiry', inquiry }, given([]))).toEqual([{ type: 'InquirySubmitted', data: inquiry }]);
    expect(refusal(() => submissionDecider.decide({ type: 'SubmitInquiry', inquiry }, given([{ type: 'InquirySubmitted', data: inquiry }]))).kind).toBe('conflict');
  });

  it('is answered once, by the admin who marks it', () => {
    const sent = given([{ type: 'InquirySubmitted', data: inquiry }]);
    const events = submissionDecider.decide(markAnswered, sent);
    expect(events).toEqual([{ type: 'SubmissionAnswered', data: { kind: 'inquiry', submissionId: 'i-1', answeredBy: admin, answeredAt: '2026-11-23T11:00:00.000Z' } }]);
    const again = refusal(() => submissionDecider.decide(markAnswered, given([{ type: 'InquirySubmitted', data: inquiry }, ...events])));
    expect(again).toMatchObject({ kind: 'conflict', message: 'This message was already marked answered by admin@labshop.test' });
  });

  it('is not found when nothing was sent, or under the other kind', () => {
    expect(refusal(() => submissionDecider.decide(markAnswered, given([]))).kind).toBe('not_found');
    expect(refusal(() => submissionDecider.decide({ ...markAnswered, kind: 'contact' } as SubmissionCommand, given([{ type: 'InquirySubmitted', data: inquiry }]))).kind).toBe('not_found');
  });
});
