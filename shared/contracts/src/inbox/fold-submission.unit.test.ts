import { describe, expect, it } from 'vitest';
import type { InboxEvent } from './events.ts';
import { evolveSubmission, submissionIdOf } from './fold-submission.ts';

const inquiry: InboxEvent = {
  type: 'InquirySubmitted',
  data: {
    inquiryId: 'q1',
    service: 'Sequencing',
    firstName: 'Ada',
    lastName: 'Lovelace',
    company: 'Analytical',
    phone: '555',
    email: 'ada@example.com',
    comment: 'How much?',
    submittedAt: '2026-03-01T12:00:00.000Z',
  },
};
const contact: InboxEvent = {
  type: 'ContactMessageSubmitted',
  data: {
    messageId: 'm1',
    subject: 'Hello',
    name: 'Grace',
    email: 'grace@example.com',
    extension: '',
    title: 'Dr',
    department: 'Biology',
    message: 'Hi',
    interests: ['Products', 'Services'],
    submittedAt: '2026-03-02T12:00:00.000Z',
  },
};
const answered = (submissionId: string): InboxEvent => ({
  type: 'SubmissionAnswered',
  data: { kind: 'inquiry', submissionId, answeredBy: { id: 'a1', email: 'staff@labshop.test' }, answeredAt: 'later' },
});

describe('evolveSubmission', () => {
  it('keeps an inquiry as the inbox shows it', () => {
    expect(evolveSubmission(null, inquiry)).toEqual({
      id: 'q1',
      kind: 'inquiry',
      status: 'new',
      submittedAt: '2026-03-01T12:00:00.000Z',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      company: 'Analytical',
      phone: '555',
      topic: 'Sequencing',
      message: 'How much?',
      details: [],
      answeredBy: null,
      answeredAt: null,
    });
  });

  it('keeps a contact message with its other fields labelled, empty ones left out', () => {
    expect(evolveSubmission(null, contact)).toEqual({
      id: 'm1',
      kind: 'contact',
      status: 'new',
      submittedAt: '2026-03-02T12:00:00.000Z',
      name: 'Grace',
      email: 'grace@example.com',
      company: '',
      phone: '',
      topic: 'Hello',
      message: 'Hi',
      details: [
        { label: 'Title', value: 'Dr' },
        { label: 'Department', value: 'Biology' },
        { label: 'Interests', value: 'Products, Services' },
      ],
      answeredBy: null,
      answeredAt: null,
    });
  });

  it('marks a sent submission answered, by whom and when; an unsent one stays unsent', () => {
    expect(evolveSubmission(evolveSubmission(null, inquiry), answered('q1'))).toMatchObject({
      status: 'answered',
      answeredBy: { id: 'a1', email: 'staff@labshop.test' },
      answeredAt: 'later',
      message: 'How much?',
    });
    expect(evolveSubmission(null, answered('q1'))).toBeNull();
  });

  it('names the submission of each event', () => {
    expect([inquiry, contact, answered('x')].map(submissionIdOf)).toEqual(['q1', 'm1', 'x']);
  });
});
