import type { LineAllocation } from '../stock/fold-stock.ts';
import { DomainError } from '../domain-error.ts';
import type { OrderEvent, OrderLine } from './events.ts';
import type { FoldedOrder } from './fold-order.ts';
import type { OrderView } from './queries.ts';
import { businessDay, businessDayEnd } from './business-day.ts';
import { quoteAcceptableFrom, quoteSendableFrom } from './desk-rules.ts';
import { lineTotalCents, sumCents } from '../money.ts';
import { totalsAt } from '../tax/sales-tax.ts';
import { shippingCentsOf } from './shipping.ts';
import { orderAsSeen } from './desk-moves.ts';

/** Staff price a quote request (or revise their quote): a unit price per line and the last day it can be accepted. */
export interface SendQuoteCommand {
  type: 'SendQuote';
  unitPricesCents: number[];
  /** The last business (New York) day the customer can accept it on, YYYY-MM-DD. */
  expiresOn: string;
  at: Date;
  expectedVersion?: number;
}

/** The customer accepts the quote as they saw it (`expectedVersion`: the order's version then). */
export interface AcceptQuoteCommand {
  type: 'AcceptQuote';
  customerId: string;
  at: Date;
  expectedVersion: number;
  /** The buyer's PO number for the invoice; blank keeps the request's. */
  poNumber: string;
  /** What stock reserved for each quoted line (absent in decisions made before issue 21's stock). */
  allocations?: LineAllocation[];
}

/** The customer declines the quote as they saw it, with an optional reason. */
export interface DeclineQuoteCommand {
  type: 'DeclineQuote';
  customerId: string;
  at: Date;
  expectedVersion: number;
  reason: string;
}

export const quoteMessages = {
  notFound: 'Quote not found',
  notSendable: (status: string) =>
    `Cannot send a quote: this order is ${status}. Only a quote request, or a quote not yet accepted, can be quoted.`,
  linesCount: (count: number) => `Give a unit price for each of the ${count} line(s)`,
  expiryPast: 'Valid until must be today or a later day',
  notAnswerable: (verb: 'accepted' | 'declined', status: string) => `This quote cannot be ${verb}: it is ${status}.`,
  // expiresAt is the first instant after the last day, so the day named is the one before it.
  expired: (expiresAt: string) =>
    `This quote expired on ${businessDay(new Date(Date.parse(expiresAt) - 1))}. Please ask us for a new quote.`,
  revised: 'This quote was changed after you opened it. Please review the current prices, then accept again.',
};

/**
 * Prices the order's lines at the quoted unit prices, with the checkout's totals rule: the shipping the order
 * was placed with (the lines stay the same, so the method and any dry-ice surcharge do too) and the rate it was
 * placed with (the state's, or 0 for an exempt buyer) once on subtotal and shipping, half-up.
 */
function quotedLines(order: OrderView, unitPricesCents: readonly number[]) {
  const lines: OrderLine[] = order.lines.map((line, index) => {
    const unitPriceCents = unitPricesCents[index]!;
    return { ...line, unitPriceCents, lineTotalCents: lineTotalCents({ unitPriceCents, quantity: line.quantity }) };
  });
  return {
    lines,
    ...totalsAt(
      sumCents(lines, (line) => line.lineTotalCents),
      order.taxRateBasisPoints,
      shippingCentsOf(order),
    ),
  };
}

export function decideSendQuote(command: SendQuoteCommand, state: FoldedOrder | null): OrderEvent[] {
  const order = orderAsSeen(state, command.expectedVersion).view;
  if (!quoteSendableFrom.includes(order.status))
    throw new DomainError('conflict', quoteMessages.notSendable(order.status), undefined, { status: order.status });
  if (command.unitPricesCents.length !== order.lines.length) {
    const message = quoteMessages.linesCount(order.lines.length);
    throw new DomainError('invalid', message, { unitPricesCents: message });
  }
  if (command.expiresOn < businessDay(command.at))
    throw new DomainError('invalid', quoteMessages.expiryPast, { expiresOn: quoteMessages.expiryPast });
  return [
    {
      type: 'QuoteSent',
      data: {
        orderId: order.orderId,
        ...quotedLines(order, command.unitPricesCents),
        // The end of the chosen day in New York: the quote holds all of that day.
        expiresAt: businessDayEnd(command.expiresOn).toISOString(),
        sentAt: command.at.toISOString(),
      },
    },
  ];
}

/** The customer's own quote, as last sent and still open: what accepting and declining both require. */
function openQuoteOf(
  command: AcceptQuoteCommand | DeclineQuoteCommand,
  state: FoldedOrder | null,
  verb: 'accepted' | 'declined',
) {
  // Someone else's quote is answered as missing: its existence is nobody else's business.
  if (!state || state.customerId !== command.customerId) throw new DomainError('not_found', quoteMessages.notFound);
  const { status, quote, version } = state.view;
  if (!quoteAcceptableFrom.includes(status) || !quote)
    throw new DomainError('conflict', quoteMessages.notAnswerable(verb, status.toLowerCase()), undefined, { status });
  if (command.expectedVersion !== version) {
    throw new DomainError('conflict', quoteMessages.revised, undefined, {
      yourVersion: command.expectedVersion,
      currentVersion: version,
    });
  }
  if (command.at.getTime() >= Date.parse(quote.expiresAt))
    throw new DomainError('conflict', quoteMessages.expired(quote.expiresAt), undefined, {
      expiresAt: quote.expiresAt,
    });
  return state.view;
}

export function decideAcceptQuote(command: AcceptQuoteCommand, state: FoldedOrder | null): OrderEvent[] {
  const { orderId } = openQuoteOf(command, state, 'accepted');
  const { allocations } = command;
  return [
    {
      type: 'QuoteAccepted',
      data: {
        orderId,
        customerId: command.customerId,
        acceptedAt: command.at.toISOString(),
        poNumber: command.poNumber.trim(),
        ...(allocations && { allocations }),
      },
    },
  ];
}

export function decideDeclineQuote(command: DeclineQuoteCommand, state: FoldedOrder | null): OrderEvent[] {
  const { orderId } = openQuoteOf(command, state, 'declined');
  return [
    {
      type: 'QuoteDeclined',
      data: {
        orderId,
        customerId: command.customerId,
        reason: command.reason.trim(),
        declinedAt: command.at.toISOString(),
      },
    },
  ];
}
