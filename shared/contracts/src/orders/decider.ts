import { DomainError } from '../domain-error.ts';
import {
  checkoutCancelReasons,
  type BillingAddress,
  type CheckoutRevisedData,
  type OrderAddress,
  type OrderEvent,
  type OrderLine,
  type PurchaseOrderPayment,
  type QuoteRequest,
} from './events.ts';
import { isOpenCheckout } from './desk-rules.ts';
import { sameValue } from '../same-value.ts';
import type { LineAllocation } from '../stock/fold-stock.ts';
import type { CartView } from '../carts/queries.ts';
import { lineTotalCents, sumCents } from '../money.ts';
import { isTaxExempt, taxRateFor, totalsAt } from '../tax/sales-tax.ts';
import { shippingCharge, type ShippingMethodId } from './shipping.ts';
import { exhaustive } from '../exhaustive.ts';
import type { Decider } from '../decider.ts';
import { decideDeskMove, type DeskCommand } from './desk-moves.ts';
import {
  decideAcceptQuote,
  decideDeclineQuote,
  decideSendQuote,
  type AcceptQuoteCommand,
  type DeclineQuoteCommand,
  type SendQuoteCommand,
} from './quotes.ts';
import { decideCreditNote, type IssueCreditNoteCommand } from './credit-notes.ts';
import { decideIssueDocument, type IssueDocumentCommand } from './documents.ts';
import { checkoutExpiresAt } from './checkout-expiry.ts';
import { foldOrder, type FoldedOrder } from './fold-order.ts';
import type { OrderShipping } from './shipping.ts';

export const orderMessages = {
  emptyCart: 'Your cart is empty',
  pricesChanged: 'Prices changed since you saw them. Please check the new prices and place your order again.',
  notFound: 'Order not found',
  alreadySubmitted: 'This order has already been submitted',
  unknownState: 'Please choose a state from the list',
  notCancellable: 'Only an order awaiting payment can be cancelled here. Please contact us to cancel it.',
  checkoutClosed: 'This checkout was cancelled. Please start again from your cart.',
};

/** What placing an order needs, before an order number is reserved for it. */
export interface OrderPlacement {
  orderId: string;
  customerId: string;
  idempotencyKey: string;
  /** The customer's cart priced from the catalogue now: what would be charged. */
  cart: CartView;
  /** The subtotal the customer was shown when they chose to place the order. */
  expectedSubtotalCents: number;
  address: OrderAddress;
  /** The invoice's own address; null: the shipping address is used for the invoice. */
  billingAddress: BillingAddress | null;
  taxExemptNumber: string | null;
  /** The shipping step's choice. */
  shippingMethod: ShippingMethodId;
  /** The cart's details the catalogue ships on dry ice now (read from its streams with the prices): one surcharges the order. */
  dryIceDetailIds: ReadonlySet<string>;
  placedAt: Date;
  /** placementFingerprint of the request: kept with the order so a reused key with another body is recognised. */
  requestFingerprint: string;
}

export type OrderCommand =
  | ({ type: 'PlaceOrder'; orderNumber: string } & OrderPlacement)
  | {
      type: 'SubmitPurchaseOrder';
      customerId: string;
      payment: PurchaseOrderPayment;
      at: Date;
      allocations?: LineAllocation[];
    }
  | { type: 'RequestQuote'; customerId: string; quote: QuoteRequest; at: Date }
  /**
   * The shipping step's choice for the order the address step placed: its shipping, tax and total follow the method.
   * `requestFingerprint` is the one the order's key was last placed with (kept with the revision, so a retry of that
   * placement is still told from a reused key).
   */
  | {
      type: 'ChooseShippingMethod';
      customerId: string;
      shippingMethod: ShippingMethodId;
      requestFingerprint: string | undefined;
      at: Date;
    }
  /** 'Cancel' in My Orders: the customer ends their own unpaid checkout. */
  | { type: 'CancelCheckout'; customerId: string; at: Date }
  /** The workers' checkout-expiry job: ends a checkout still unpaid once its 7 days are up. */
  | { type: 'ExpireCheckout'; at: Date }
  | DeskCommand
  | SendQuoteCommand
  | AcceptQuoteCommand
  | DeclineQuoteCommand
  | IssueCreditNoteCommand
  | IssueDocumentCommand;

/**
 * Refuses a placement that cannot become (or revise) an order: an empty cart, or prices that moved since the
 * customer saw them (they are shown the new cart and asked again, never charged silently). An order of this
 * checkout already paid or quoted refuses nothing: the route answers it. The route asks this before
 * reserving an order number, so a refused placement uses none.
 */
export function assertPlaceable(placement: OrderPlacement, state: FoldedOrder | null): void {
  if (state && (!isOpenCheckout(state.view) || isRetry(placement, state))) return;
  if (!placement.cart.lines.some((line) => line.available)) throw new DomainError('invalid', orderMessages.emptyCart);
  if (placement.cart.subtotalCents !== placement.expectedSubtotalCents) {
    throw new DomainError('conflict', orderMessages.pricesChanged, undefined, { cart: placement.cart });
  }
  if (!taxRateFor(placement.address.state))
    throw new DomainError('invalid', orderMessages.unknownState, { 'address.state': orderMessages.unknownState });
}

/** The same request again (its idempotency key is the one the order was last placed or revised with): answered with the order as it is. */
const isRetry = (placement: OrderPlacement, state: FoldedOrder) => state.idempotencyKey === placement.idempotencyKey;

/** The lines, address, shipping and totals the placement makes of the customer's cart now. */
function checkoutOf(placement: OrderPlacement): Omit<CheckoutRevisedData, 'revisedAt'> {
  const {
    idempotencyKey,
    cart,
    address,
    billingAddress,
    taxExemptNumber,
    shippingMethod,
    dryIceDetailIds,
    requestFingerprint,
  } = placement;
  // An order line is the cart line as sold: its previous price and availability are the cart's own.
  const lines: OrderLine[] = cart.lines
    .filter((line) => line.available)
    .map((line) => ({
      detailId: line.detailId,
      subproductId: line.subproductId,
      productName: line.productName,
      productType: line.productType,
      packSize: line.packSize,
      catalogNumber: line.catalogNumber,
      innerPackageId: line.innerPackageId,
      imageUrl: line.imageUrl,
      productPath: line.productPath,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      listPriceCents: line.listPriceCents,
      discountPercent: line.discountPercent,
      lineTotalCents: lineTotalCents(line),
    }));
  const exempt = isTaxExempt(taxExemptNumber);
  // Exempt orders are charged no tax at all, so the rate recorded is the one applied: 0.
  const taxRateBasisPoints = exempt ? 0 : taxRateFor(address.state)!.rateBasisPoints;
  // Once per order: one dry-ice line or several need the same cold-chain box.
  const shipping = shippingCharge(
    shippingMethod,
    lines.some((line) => dryIceDetailIds.has(line.detailId)),
  );
  return withTotals({
    orderId: placement.orderId,
    lines,
    address,
    billingAddress,
    taxExemptNumber: exempt ? taxExemptNumber!.trim() : null,
    taxRateBasisPoints,
    shipping,
    idempotencyKey,
    ...(requestFingerprint !== undefined && { requestFingerprint }),
  });
}

/** A checkout's terms with the tax state and the totals they make: the goods' subtotal, tax once on goods and shipping. */
function withTotals(
  terms: Omit<CheckoutRevisedData, 'revisedAt' | 'taxState' | 'subtotalCents' | 'taxCents' | 'totalCents'>,
): Omit<CheckoutRevisedData, 'revisedAt'> {
  const { subtotalCents, taxCents, totalCents } = totalsAt(
    sumCents(terms.lines, (line) => line.lineTotalCents),
    terms.taxRateBasisPoints,
    terms.shipping?.costCents ?? 0,
  );
  return { ...terms, taxState: terms.address.state, subtotalCents, taxCents, totalCents };
}

/** The terms a checkout is placed with: a placement of the same checkout revises the open order only when one differs. */
interface CheckoutTerms extends Pick<
  CheckoutRevisedData,
  'lines' | 'address' | 'taxExemptNumber' | 'taxRateBasisPoints' | 'totalCents'
> {
  billingAddress?: BillingAddress | null | undefined;
  shipping?: OrderShipping | null | undefined;
}

/** The terms of an order as folded or of a checkout about to be placed, absent ones null. */
const checkoutTerms = (checkout: CheckoutTerms): Required<CheckoutTerms> => ({
  lines: checkout.lines,
  address: checkout.address,
  billingAddress: checkout.billingAddress ?? null,
  taxExemptNumber: checkout.taxExemptNumber,
  taxRateBasisPoints: checkout.taxRateBasisPoints,
  shipping: checkout.shipping ?? null,
  totalCents: checkout.totalCents,
});

/**
 * One order per checkout: the first placement places it; a retry of the same request changes nothing; placing
 * again from the same cart (back and continue, a second tab) revises the open order when the cart, the address or the shipping changed, else changes nothing.
 */
function placeOrder(command: Extract<OrderCommand, { type: 'PlaceOrder' }>, state: FoldedOrder | null): OrderEvent[] {
  assertPlaceable(command, state);
  const checkout = checkoutOf(command);
  if (!state) {
    const { orderNumber, customerId, placedAt } = command;
    return [{ type: 'OrderPlaced', data: { ...checkout, orderNumber, customerId, placedAt: placedAt.toISOString() } }];
  }
  if (!isOpenCheckout(state.view) || isRetry(command, state)) return [];
  if (sameValue(checkoutTerms(state.view), checkoutTerms(checkout))) return [];
  return [{ type: 'CheckoutRevised', data: { ...checkout, revisedAt: command.placedAt.toISOString() } }];
}

/** The customer's own order, still waiting for its purchase order or quote request (not cancelled). */
function awaitingPayment(state: FoldedOrder | null, customerId: string): FoldedOrder {
  // Someone else's order is answered as missing: its existence is nobody else's business.
  if (!state || state.customerId !== customerId) throw new DomainError('not_found', orderMessages.notFound);
  if (state.view.payment) throw new DomainError('order_already_submitted', orderMessages.alreadySubmitted);
  // Cancelled before payment (by the customer, staff or expiry): nothing more is taken for it.
  if (!isOpenCheckout(state.view)) throw new DomainError('conflict', orderMessages.checkoutClosed);
  return state;
}

/** The open checkout at another shipping method: the same lines and addresses, the shipping, tax and total recomputed. */
function chooseShippingMethod(
  command: Extract<OrderCommand, { type: 'ChooseShippingMethod' }>,
  state: FoldedOrder | null,
): OrderEvent[] {
  const { view: order, idempotencyKey } = awaitingPayment(state, command.customerId);
  if (order.shipping?.method === command.shippingMethod) return [];
  // The dry-ice surcharge was decided from the catalogue when the order was placed: it holds for every method.
  const shipping = shippingCharge(command.shippingMethod, (order.shipping?.dryIceSurchargeCents ?? 0) > 0);
  const { orderId, lines, address, billingAddress, taxExemptNumber, taxRateBasisPoints } = order;
  const { requestFingerprint, at } = command;
  const checkout = withTotals({
    orderId,
    lines,
    address,
    billingAddress,
    taxExemptNumber,
    taxRateBasisPoints,
    shipping,
    idempotencyKey,
    ...(requestFingerprint !== undefined && { requestFingerprint }),
  });
  return [{ type: 'CheckoutRevised', data: { ...checkout, revisedAt: at.toISOString() } }];
}

/** Whether the order is a checkout still awaiting payment whose lifetime is over at `at`. */
const checkoutIsDue = (state: FoldedOrder | null, at: Date): state is FoldedOrder =>
  state !== null && isOpenCheckout(state.view) && at.toISOString() >= checkoutExpiresAt(state.view.placedAt);

function decide(command: OrderCommand, state: FoldedOrder | null): OrderEvent[] {
  switch (command.type) {
    case 'PlaceOrder':
      return placeOrder(command, state);
    case 'SubmitPurchaseOrder': {
      const { orderId } = awaitingPayment(state, command.customerId).view;
      const { allocations } = command;
      return [
        {
          type: 'PurchaseOrderSubmitted',
          data: {
            orderId,
            customerId: command.customerId,
            ...command.payment,
            submittedAt: command.at.toISOString(),
            ...(allocations && { allocations }),
          },
        },
      ];
    }
    case 'RequestQuote': {
      const { orderId } = awaitingPayment(state, command.customerId).view;
      return [
        {
          type: 'QuoteRequested',
          data: {
            orderId,
            customerId: command.customerId,
            ...command.quote,
            requestedAt: command.at.toISOString(),
          },
        },
      ];
    }
    case 'ChooseShippingMethod':
      return chooseShippingMethod(command, state);
    case 'CancelCheckout': {
      if (!state || state.customerId !== command.customerId) throw new DomainError('not_found', orderMessages.notFound);
      if (!isOpenCheckout(state.view)) throw new DomainError('conflict', orderMessages.notCancellable);
      return [
        {
          type: 'OrderCancelled',
          data: {
            orderId: state.view.orderId,
            reason: checkoutCancelReasons.byCustomer,
            cancelledAt: command.at.toISOString(),
          },
        },
      ];
    }
    case 'ExpireCheckout':
      // An order paid, quoted or cancelled meanwhile is left alone, and so is one not due yet (a job run early, a clock moved).
      if (!checkoutIsDue(state, command.at)) return [];
      return [
        {
          type: 'OrderCancelled',
          data: {
            orderId: state.view.orderId,
            reason: checkoutCancelReasons.expired,
            cancelledAt: command.at.toISOString(),
          },
        },
      ];
    case 'DeskMove':
      return decideDeskMove(command, state);
    case 'SendQuote':
      return decideSendQuote(command, state);
    case 'AcceptQuote':
      return decideAcceptQuote(command, state);
    case 'DeclineQuote':
      return decideDeclineQuote(command, state);
    case 'IssueCreditNote':
      return decideCreditNote(command, state);
    case 'IssueDocument':
      return decideIssueDocument(command, state);
    default:
      return exhaustive(command);
  }
}

/** Decides on the order's one fold (`foldOrder`, the same the read side shows): null until the order is placed. */
export const orderDecider: Decider<FoldedOrder | null, OrderCommand, OrderEvent> = {
  initialState: () => null,
  evolve: foldOrder,
  decide,
};
