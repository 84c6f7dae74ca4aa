import type { RecordedEvent } from '@labshop/shared/event-store/port';
import { exhaustive } from '@labshop/shared/exhaustive';
import type { CustomerEvent, CustomerRecipient } from '@labshop/shared/events/customers';
import { customerEmailJob } from '../jobs/customer-emails.ts';
import type { JobRequest, Reactor } from '../reactor/reactor.ts';

type MailingEvent = Extract<CustomerEvent, { type: 'ActivationTokenIssued' | 'PasswordResetRequested' | 'CustomerActivated' }>;

const recipientOf = ({ email, title, firstName, lastName }: CustomerRecipient) => ({ to: email, title, firstName, lastName });

/**
 * The customer's account mails: activation (and resent activation) links, password reset links and
 * the welcome after activation. Only the token's id travels in the job; the processor derives the link.
 */
export const customerEmailsReactor: Reactor = {
  name: 'customer-emails',
  eventTypes: ['ActivationTokenIssued', 'PasswordResetRequested', 'CustomerActivated'],
  toJobs(recorded: RecordedEvent): JobRequest[] {
    const event = { type: recorded.type, data: recorded.data } as MailingEvent;
    switch (event.type) {
      case 'ActivationTokenIssued': {
        const { tokenId, expiresAt, reason } = event.data;
        return [customerEmailJob({ ...recipientOf(event.data), template: reason === 'resend' ? 'activation-resend' : 'activation', tokenId, expiresAt })];
      }
      case 'PasswordResetRequested':
        return [customerEmailJob({ ...recipientOf(event.data), template: 'password-reset', tokenId: event.data.tokenId, expiresAt: event.data.expiresAt })];
      case 'CustomerActivated':
        return [customerEmailJob({ ...recipientOf(event.data), template: 'welcome' })];
      default:
        return exhaustive(event);
    }
  },
};
