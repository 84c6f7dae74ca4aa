import { exhaustive } from '@labshop/contracts/exhaustive';
import type { TimelineActor } from '@labshop/contracts/orders/desk-queries';

export const kindLabel = (kind: 'order' | 'quote') => (kind === 'quote' ? 'Quote' : 'Order');

/** Who did it, as the timeline names them: the admin by email, the customer as such, the shop's own processes as the system. */
export function actorLabel(actor: TimelineActor): string {
  switch (actor.kind) {
    case 'admin':
      return actor.email === '' ? 'an admin' : actor.email;
    case 'customer':
      return actor.email === '' ? 'the customer' : `the customer (${actor.email})`;
    case 'anonymous':
      return 'a visitor who was not signed in';
    case 'system':
      return 'the system';
    default:
      return exhaustive(actor.kind);
  }
}
