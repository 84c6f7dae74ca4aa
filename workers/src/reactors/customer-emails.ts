import type { RecordedEvent } from '@labshop/platform/event-store/port';
import { customerEmailJob, mailingCustomerEventTypes } from '../jobs/customer-emails.ts';
import type { JobRequest, Reactor } from '../reactor/reactor.ts';

/**
 * The customer's account mails: activation (and resent activation) links, password reset links and
 * the welcome after activation. The job names the event by the customer's id and its revision only;
 * the processor reads the recipient and the token's id from it and derives the link.
 */
export const customerEmailsReactor: Reactor = {
  name: 'customer-emails',
  eventTypes: mailingCustomerEventTypes,
  toJobs(recorded: RecordedEvent): JobRequest[] {
    const { customerId } = recorded.data as { customerId: string };
    return [customerEmailJob({ customerId, revision: recorded.revision })];
  },
};
