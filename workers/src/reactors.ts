import type { Reactor } from './reactor/reactor.ts';
import { customerEmailsReactor } from './reactors/customer-emails.ts';
import { orderEmailsReactor } from './reactors/order-emails.ts';
import { inboxEmailsReactor } from './reactors/inbox-emails.ts';
import { checkoutExpiryReactor } from './reactors/checkout-expiry.ts';

/** The reactors production runs. Each turns the events it cares about into jobs. */
export const reactors: readonly Reactor[] = [
  customerEmailsReactor,
  orderEmailsReactor,
  inboxEmailsReactor,
  checkoutExpiryReactor,
];
