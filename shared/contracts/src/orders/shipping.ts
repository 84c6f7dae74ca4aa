import { z } from 'zod';
import { formatUsd } from '../money.ts';

/**
 * Shipping (issue 21, checkout step 3 of 4): the one table of methods and what they cost, in integer cents.
 * Browser and server share it: the shipping step shows these amounts, the orders decider records them.
 * A flat rate per order and method, whatever the lines weigh; an order holding any detail the catalogue
 * manager flagged "ships on dry ice" pays the cold-chain surcharge once (one insulated box per shipment,
 * not one per line).
 */
export const shippingMethods = [
  { id: 'ground', label: 'Ground', description: '3–5 business days', costCents: 1_495 },
  { id: '2-day', label: '2-day', description: '2 business days', costCents: 2_995 },
  { id: 'overnight', label: 'Overnight', description: 'Next business day', costCents: 5_495 },
] as const;

export type ShippingMethodId = (typeof shippingMethods)[number]['id'];
export type ShippingMethod = (typeof shippingMethods)[number];

/** The cold-chain surcharge: once per order that holds at least one dry-ice detail. */
export const DRY_ICE_SURCHARGE_CENTS = 3_500;

/** How shipping is charged and taxed, in the shopper's words: the shipping step and the terms of sales say it. */
export const SHIPPING_RULE = `Shipping is charged once per order by the method chosen at checkout (${shippingMethods.map((method) => method.label).join(', ')}), plus a cold-chain surcharge of ${formatUsd(DRY_ICE_SURCHARGE_CENTS)} once per order holding goods that ship on dry ice, and is taxed with the goods at the delivery state's rate.`;

export const SHIPPING_METHOD_REQUIRED = 'Please choose a shipping method: Ground, 2-day or Overnight';

const shippingMethodIds = shippingMethods.map((method) => method.id) as [ShippingMethodId, ...ShippingMethodId[]];

/** The place-order command's field. */
export const shippingMethodInput = z.enum(shippingMethodIds, { error: SHIPPING_METHOD_REQUIRED });

/** What an order records of its shipping: the method and its cost, the surcharge part of it. */
export interface OrderShipping {
  method: ShippingMethodId;
  /** The method's own rate. */
  baseCents: number;
  /** DRY_ICE_SURCHARGE_CENTS when a line ships on dry ice, else 0. */
  dryIceSurchargeCents: number;
  /** baseCents + dryIceSurchargeCents: what the order charges for shipping. */
  costCents: number;
}

export function shippingMethodOf(id: string): ShippingMethod | undefined {
  return shippingMethods.find((method) => method.id === id);
}

/** The charge of a method for an order with or without a dry-ice line. */
export function shippingCharge(method: ShippingMethodId, containsDryIce: boolean): OrderShipping {
  const known = shippingMethodOf(method);
  if (!known) throw new RangeError(`Unknown shipping method: ${method}`);
  const dryIceSurchargeCents = containsDryIce ? DRY_ICE_SURCHARGE_CENTS : 0;
  return {
    method,
    baseCents: known.costCents,
    dryIceSurchargeCents,
    costCents: known.costCents + dryIceSurchargeCents,
  };
}

/** What an order's shipping cost in cents: 0 for an order placed before shipping was charged (none recorded). */
export const shippingCentsOf = (order: { shipping?: Pick<OrderShipping, 'costCents'> | null }): number =>
  order.shipping?.costCents ?? 0;

/**
 * The one shipping line of every surface (checkout, confirmation, My Orders, order desk, invoice, emails):
 * 'Shipping (Overnight)', 'Shipping (Overnight + dry ice)' when the cold-chain surcharge is in it, or 'Shipping'
 * for an order placed before shipping was charged. Short enough for the invoice's totals column.
 */
export function shippingLine(
  shipping: Pick<OrderShipping, 'method' | 'dryIceSurchargeCents'> | null | undefined,
): string {
  if (!shipping) return 'Shipping';
  const label = shippingMethodOf(shipping.method)?.label ?? shipping.method;
  return shipping.dryIceSurchargeCents > 0 ? `Shipping (${label} + dry ice)` : `Shipping (${label})`;
}
