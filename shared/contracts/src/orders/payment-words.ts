import { cardBrands } from './payment-cards.ts';
import type { CardType } from './events.ts';

/**
 * What a purchase order is, in the words every page and the order desk's history use: nothing is charged when
 * it is submitted, the card is kept on file (type and last four only) for the invoice.
 */
export const purchaseOrderWords = ({
  poNumber,
  cardType,
  cardLast4,
}: {
  poNumber: string;
  cardType: CardType;
  cardLast4: string;
}) => `PO submitted${poNumber ? ` (${poNumber})` : ''}, card on file ${cardBrands[cardType].name} ending ${cardLast4}`;

/** A buyer's PO number after what it belongs to, " (PO 4711)", or nothing when none was given (never "(PO )"). */
export const poNumberSuffix = (poNumber: string | null | undefined) =>
  poNumber?.trim() ? ` (PO ${poNumber.trim()})` : '';
