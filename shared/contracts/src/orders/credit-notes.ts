import { DomainError } from '../domain-error.ts';
import type { OrderEvent } from './events.ts';
import { formatUsd } from '../money.ts';
import type { FoldedOrder } from './fold-order.ts';
import { creditableCents } from './desk-rules.ts';
import { creditNoteRequest } from './credit-note-request.ts';
import { orderAsSeen } from './desk-moves.ts';

/** Staff credit part (or all) of the order's issued invoice. */
export interface IssueCreditNoteCommand {
  type: 'IssueCreditNote';
  amountCents: number;
  reason: string;
  at: Date;
  expectedVersion?: number;
}

export const creditNoteMessages = {
  notInvoiced: 'Cannot issue a credit note: this order has no invoice yet. A credit note corrects an issued invoice.',
  tooMuch: (left: number) =>
    left === 0
      ? 'Nothing is left to credit: the invoice is fully credited already.'
      : `Amount must be at most ${formatUsd(left)}, what is left to credit on the invoice`,
};

/**
 * An invoice never changes: a correction is a credit note referring to it. The note's number is the
 * order's number and its sequence among the order's notes, decided on the stream, so it is unique. The
 * notes of an order never add up to more than its invoice.
 */
export function decideCreditNote(command: IssueCreditNoteCommand, state: FoldedOrder | null): OrderEvent[] {
  const order = orderAsSeen(state, command.expectedVersion).view;
  if (!order.invoices[0]) throw new DomainError('conflict', creditNoteMessages.notInvoiced);
  const left = creditableCents(order);
  if (command.amountCents > left) {
    const message = creditNoteMessages.tooMuch(left);
    // Over what is left is a conflict with the notes already issued, not a malformed amount.
    throw new DomainError('conflict', message, { amountCents: message }, { creditableCents: left });
  }
  return [creditNoteRequest(order, command.amountCents, command.reason, command.at)];
}
