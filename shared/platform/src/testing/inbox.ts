import { randomUUID } from 'node:crypto';
import type { ContactMessageSubmitted, InquirySubmitted } from '@labshop/contracts/inbox/events';

/** An inquiry as the command API records it, for read-side and worker tests. */
export function testInquiry(overrides: Partial<InquirySubmitted['data']> = {}): InquirySubmitted {
  return {
    type: 'InquirySubmitted',
    data: {
      inquiryId: randomUUID(),
      service: 'Plasmid Production Services',
      firstName: 'Ann',
      lastName: 'Lee',
      company: 'Lee Labs',
      phone: '+1 512 555 0100',
      email: 'ann@example.com',
      comment: 'We need 5 mg of endotoxin-free plasmid.\nTurnaround?',
      submittedAt: '2026-11-23T15:00:00.000Z',
      ...overrides,
    },
  };
}

/** A contact message as the command API records it. */
export function testContactMessage(overrides: Partial<ContactMessageSubmitted['data']> = {}): ContactMessageSubmitted {
  return {
    type: 'ContactMessageSubmitted',
    data: {
      messageId: randomUUID(),
      subject: 'Distribution in Ohio',
      name: 'Bo Chen',
      email: 'bo@example.com',
      extension: '12',
      title: 'Dr',
      department: 'Purchasing',
      message: 'Do you have a distributor in Ohio?',
      interests: ['Products', 'Distributorship'],
      submittedAt: '2026-11-23T15:05:00.000Z',
      ...overrides,
    },
  };
}
