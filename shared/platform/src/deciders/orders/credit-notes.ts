import { DomainError } from '../../domain-error.ts';
import type { OrderEvent } from '@labshop/contracts/orders/events';
import { formatUsd } from '@labshop/contracts/money';
import type { FoldedOrder } from '@labshop/contracts/orders/fold-order';
import { creditableCents } from '@labshop/contracts/orders/desk-rules';
import { creditNoteRequest } from './credit-note-request.ts';
import { deskMessages } from './desk-moves.ts';

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
export function decideCreditNote(command: IssueCreditNoteCommand, order: FoldedOrder | null): OrderEvent[] {
  if (!order) throw new DomainError('not_found', deskMessages.notFound);
  const { view } = order;
  if (command.expectedVersion !== undefined && command.expectedVersion !== view.version) {
    throw new DomainError('conflict', deskMessages.stale, undefined, {
      yourVersion: command.expectedVersion,
      currentVersion: view.version,
    });
  }
  const invoice = view.invoices[0];
  if (!invoice) throw new DomainError('conflict', creditNoteMessages.notInvoiced);
  const left = creditableCents(view);
  if (command.amountCents > left) {
    const message = creditNoteMessages.tooMuch(left);
    // Over what is left is a conflict with the notes already issued, not a malformed amount.
    throw new DomainError('conflict', message, { amountCents: message }, { creditableCents: left });
  }
  return [creditNoteRequest(view, command.amountCents, command.reason, command.at)];
}
