import { sumCents } from '../money.ts';
import type { OrderStatus } from './queries.ts';

/** What staff can do to an order from the order desk; each is also its command route's last path segment. */
export const deskMoveKinds = [
  'confirm',
  'hold',
  'release',
  'process',
  'ship',
  'deliver',
  'close',
  'cancel',
  'mark-paid',
] as const;
export type DeskMoveKind = (typeof deskMoveKinds)[number];
export type FulfilmentMoveKind = Exclude<DeskMoveKind, 'mark-paid'>;

/**
 * The fulfilment machine (docs/orders.md): the statuses each fulfilment move starts from. The command API decides by it and
 * the order desk offers by it, so the two never disagree.
 */
export const fulfilmentMovesFrom: Record<FulfilmentMoveKind, readonly OrderStatus[]> = {
  confirm: ['PO received', 'Quote accepted'],
  hold: ['Confirmed', 'Processing'],
  release: ['On hold'],
  process: ['Confirmed'],
  ship: ['Processing'],
  deliver: ['Shipped'],
  close: ['Delivered'],
  cancel: [
    'Awaiting payment',
    'PO received',
    'Quote requested',
    'Quoted',
    'Quote accepted',
    'Confirmed',
    'On hold',
    'Processing',
  ],
};

/** The statuses an order can be put on hold from (`fulfilmentMovesFrom.hold`), and so released back to. */
export type HeldFromStatus = Extract<OrderStatus, 'Confirmed' | 'Processing'>;

/** Staff send a quote for a quote request, or revise the quote they sent while it is not accepted. */
export const quoteSendableFrom: readonly OrderStatus[] = ['Quote requested', 'Quoted'];

/** Only a quote sent and not yet accepted can be accepted (before it expires, and only as last sent). */
export const quoteAcceptableFrom: readonly OrderStatus[] = ['Quoted'];

interface CreditState {
  invoices: readonly unknown[];
  totalCents: number;
  creditNotes: readonly { amountCents: number }[];
}

/** What credit notes may still take off the order's invoice: its total less the notes already requested; 0 before it is invoiced. */
export const creditableCents = (order: CreditState) =>
  order.invoices.length === 0 ? 0 : order.totalCents - sumCents(order.creditNotes, (note) => note.amountCents);

interface DeskOrderState {
  status: OrderStatus;
  payment: { kind: 'purchase-order' | 'quote' } | null;
  quote: { acceptedAt: string | null } | null;
  paidAt: string | null;
}

/** Orders that are invoiced: paid by purchase order, or a quote accepted. */
export const isInvoicedOrder = (order: Pick<DeskOrderState, 'payment' | 'quote'>) =>
  order.payment?.kind === 'purchase-order' || Boolean(order.quote?.acceptedAt);

/** Only the invoice of a purchase order or an accepted quote that is not cancelled can be marked paid, once. */
export const invoiceCanBeMarkedPaid = (order: DeskOrderState) =>
  isInvoicedOrder(order) && order.status !== 'Cancelled' && order.paidAt === null;

/** The moves allowed on the order as it stands. */
export const allowedDeskMoves = (order: DeskOrderState): DeskMoveKind[] =>
  deskMoveKinds.filter((kind) =>
    kind === 'mark-paid' ? invoiceCanBeMarkedPaid(order) : fulfilmentMovesFrom[kind].includes(order.status),
  );

/** An open checkout: placed, neither paid by purchase order nor turned into a quote, not cancelled. Pay now or cancel it from My Orders. */
export const isOpenCheckout = (order: Pick<DeskOrderState, 'status'>) => order.status === 'Awaiting payment';
