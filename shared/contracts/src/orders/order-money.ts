import { sumCents } from '../money.ts';
import type { OrderCreditNoteView } from './queries.ts';

/** What an order's money is told from: the order view (the decider's too: a receipt's amount). */
interface MoneyFacts {
  invoices: readonly unknown[];
  totalCents: number;
  paidAt: string | null;
  creditNotes: readonly Pick<
    OrderCreditNoteView,
    'creditNoteNumber' | 'invoiceNumber' | 'amountCents' | 'requestedAt' | 'issuedAt'
  >[];
}

/**
 * An order's money story, from its fold (`foldOrder`, which the decider decides on too): every surface reads it from here (My Orders' order
 * page, the order desk, credit notes, emails, the finance ledger), so they tell one truth to the cent.
 * - invoiced: the invoice's total once it is issued (an order has one invoice), else 0;
 * - paid: what was due when staff marked the invoice paid (its total less the credit notes asked for before);
 * - credited: the credit notes issued against it (requested ones count once their PDF is issued);
 * - balance: what the customer still owes; refundDue: what the shop owes back when credits follow payment.
 */
export interface OrderMoney {
  invoicedCents: number;
  paidCents: number;
  creditedCents: number;
  balanceCents: number;
  refundDueCents: number;
}

/** The money story of the order as folded, counting only the credit notes `counted` keeps (all issued ones by default). */
export function orderMoney(
  order: MoneyFacts,
  counted: (note: MoneyFacts['creditNotes'][number]) => boolean = (note) => note.issuedAt !== null,
): OrderMoney {
  const invoicedCents = order.invoices.length === 0 ? 0 : order.totalCents;
  const { paidAt } = order;
  const creditedBeforePayment =
    // Stryker disable next-line ConditionalExpression: equivalent, no note's time compares as up to a null payment time
    paidAt === null
      ? 0
      : sumCents(
          order.creditNotes.filter((note) => note.requestedAt <= paidAt),
          (note) => note.amountCents,
        );
  const paidCents = paidAt === null ? 0 : Math.max(0, invoicedCents - creditedBeforePayment);
  const creditedCents = sumCents(order.creditNotes.filter(counted), (note) => note.amountCents);
  const owed = invoicedCents - paidCents - creditedCents;
  return {
    invoicedCents,
    paidCents,
    creditedCents,
    balanceCents: Math.max(0, owed),
    refundDueCents: Math.max(0, -owed),
  };
}

/**
 * The story as one credit note tells it at its issue: the notes up to and including it, and whether the
 * invoice was paid then. On a paid invoice the note states the refund it makes due, not a balance.
 */
export function moneyAtCreditNote(
  order: MoneyFacts,
  creditNoteNumber: string,
): OrderMoney & { noteCents: number; refundCents: number } {
  const index = order.creditNotes.findIndex((note) => note.creditNoteNumber === creditNoteNumber);
  if (index < 0) throw new RangeError(`No credit note ${creditNoteNumber}`);
  const upTo = new Set(order.creditNotes.slice(0, index + 1).map((note) => note.creditNoteNumber));
  const money = orderMoney(order, (note) => upTo.has(note.creditNoteNumber));
  const noteCents = order.creditNotes[index]!.amountCents;
  const before = orderMoney(
    order,
    (note) => upTo.has(note.creditNoteNumber) && note.creditNoteNumber !== creditNoteNumber,
  );
  return { ...money, noteCents, refundCents: money.refundDueCents - before.refundDueCents };
}
