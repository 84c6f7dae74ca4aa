import { SUPPORT_HOURS } from '@labshop/contracts/dates';
import type { ContactMessageSubmitted, InquirySubmitted } from '@labshop/contracts/inbox/events';
import { exhaustive } from '@labshop/contracts/exhaustive';
import type { RenderedEmail } from './customer-emails-templates.ts';
import { compose, type Paragraph } from './order-emails-templates.ts';

/** The two mails each visitor submission makes: one to the sales inbox, one acknowledging it to the sender. */
export const inboxEmailTemplates = [
  'inquiry-to-sales',
  'inquiry-acknowledgement',
  'contact-to-sales',
  'contact-acknowledgement',
] as const;
export type InboxEmailTemplate = (typeof inboxEmailTemplates)[number];

export type InboxEmail =
  | { template: 'inquiry-to-sales' | 'inquiry-acknowledgement'; inquiry: InquirySubmitted['data'] }
  | { template: 'contact-to-sales' | 'contact-acknowledgement'; message: ContactMessageSubmitted['data'] };

const NOT_YOU = 'If you did not write to us, someone typed your address by mistake: you can ignore this email.';

const REPLY_PROMISE = `A member of our scientific team replies within one business day (${SUPPORT_HOURS}).`;

/** One line for a header: what a visitor typed may hold line breaks, a subject must not. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/** A visitor's free text as paragraphs, so its line breaks survive in the HTML part too. */
const textParagraphs = (text: string): Paragraph[] =>
  text
    .split(/\n\s*\n|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => ({ text: line }));

const fields = (rows: [string, string][]): Paragraph[] =>
  rows.filter(([, value]) => value !== '').map(([label, value]) => ({ text: `${label}: ${value}` }));

export function renderInboxEmail(
  email: InboxEmail,
  settings: { publicUrl: string; salesEmail?: string | undefined },
): RenderedEmail {
  const inbox = { link: `${settings.publicUrl}/admin/inbox`, label: 'Open the inbox' };
  switch (email.template) {
    case 'inquiry-to-sales': {
      const { inquiry } = email;
      const name = `${inquiry.firstName} ${inquiry.lastName}`;
      return compose(
        settings.salesEmail ?? '',
        oneLine(`New inquiry${inquiry.service ? `: ${inquiry.service}` : ''} — ${name}, ${inquiry.company}`),
        'Hello sales team,',
        [
          {
            text: `${name} sent an inquiry from the ${inquiry.service || 'services'} page. Reply to them at ${inquiry.email}.`,
          },
          ...fields([
            ['Service', inquiry.service],
            ['Name', name],
            ['Company', inquiry.company],
            ['Email', inquiry.email],
            ['Phone', inquiry.phone],
          ]),
          { text: 'Comment:' },
          ...textParagraphs(inquiry.comment),
          inbox,
        ],
      );
    }
    case 'inquiry-acknowledgement':
      // Nothing the visitor typed (name, service, text, links): an acknowledgement to a typed address must relay nothing.
      return compose(email.inquiry.email, 'We received your inquiry', 'Hello,', [
        {
          text: 'Thank you for your interest in our services. We received your inquiry and will get back to you with a quote and a proposed timeline.',
        },
        { text: REPLY_PROMISE },
        { text: NOT_YOU },
        { link: `${settings.publicUrl}/services`, label: 'Browse our services' },
      ]);
    case 'contact-to-sales': {
      const { message } = email;
      return compose(
        settings.salesEmail ?? '',
        oneLine(`Contact form: ${message.subject} — ${message.name}`),
        'Hello sales team,',
        [
          { text: `${message.name} wrote through the contact form. Reply to them at ${message.email}.` },
          ...fields([
            ['Subject', message.subject],
            ['Name', message.name],
            ['Title', message.title],
            ['Department', message.department],
            ['Email', message.email],
            ['Extension', message.extension],
            ['Interests', message.interests.join(', ')],
          ]),
          { text: 'Message:' },
          ...textParagraphs(message.message),
          inbox,
        ],
      );
    }
    case 'contact-acknowledgement':
      // As the inquiry's: nothing the visitor typed.
      return compose(email.message.email, 'We received your message', 'Hello,', [
        { text: 'Thank you for contacting LabShop. Your message has reached our team.' },
        { text: REPLY_PROMISE },
        { text: NOT_YOU },
        { link: `${settings.publicUrl}/contact-us`, label: 'Visit our contact page' },
      ]);
    default:
      return exhaustive(email);
  }
}
