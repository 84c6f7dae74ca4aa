import { DomainError } from '@labshop/contracts/domain-error';
import type { CartEvent, CartLineKey, PricedCartLine } from '@labshop/contracts/carts/events';
import { MAX_CART_LINE_QUANTITY } from '@labshop/contracts/carts/commands';
import {
  activeLines,
  emptyCart,
  evolveCart,
  cartLineKey,
  isSameLine,
  type CartContents,
  type CartLine,
} from '@labshop/contracts/carts/fold-cart';
import { exhaustive } from '@labshop/contracts/exhaustive';
import { OUT_OF_STOCK } from '@labshop/contracts/stock/stock-words';
import type { Decider } from '@labshop/contracts/decider';
import type { CurrentOffer } from '../catalogue/prices.ts';

/**
 * One cart stream (anonymous `cart-<id>` or `customer-cart-<id>`). Prices and time come in through
 * the command: the routes price lines from the catalogue streams just before deciding.
 * Every command carries the browser outbox's `commandId`; one already in the stream changes nothing.
 */
export type CartCommand =
  | { type: 'AddItems'; commandId: string; now: Date; items: { offer: CurrentOffer; quantity: number }[] }
  | ({ type: 'SetQuantity'; commandId: string; now: Date; quantity: number } & CartLineKey)
  | ({ type: 'RemoveItem'; commandId: string; now: Date } & CartLineKey)
  | { type: 'ClearCart'; commandId: string; now: Date }
  /** `offers` by cartLineKey: null when the catalogue no longer sells the line; a line without an entry is left as it is. */
  | { type: 'RefreshPrices'; commandId: string; now: Date; offers: ReadonlyMap<string, CurrentOffer | null> }
  /** On the customer cart: the lines an anonymous cart handed over (its CartMergedAway), priced now. */
  | { type: 'MergeIn'; commandId: string; now: Date; fromCartId: string; lines: PricedCartLine[] }
  /** On the anonymous cart: hand every line to the customer's cart. */
  | { type: 'MergeAway'; commandId: string; now: Date; intoCustomerId: string }
  | { type: 'CheckOutCart'; commandId: string; now: Date; orderId: string };

/** What an anonymous cart handed to a customer cart, kept so a half-done merge can be completed. */
export interface HandOver {
  commandId: string;
  intoCustomerId: string;
  lines: PricedCartLine[];
}

export interface CartState {
  cart: CartContents;
  /** The ids of the latest commands: an outbox retries only its oldest unacknowledged one, so a window is enough. */
  recentCommandIds: readonly string[];
  lastHandOver: HandOver | null;
  /** How many times the cart became an order: the number of its open checkout (orders/open-checkout.ts). */
  checkouts: number;
}

export const RECENT_COMMANDS_KEPT = 100;
export const NOT_IN_CART = 'This item is not in your cart';
const TOO_MANY = `Quantity must be at most ${MAX_CART_LINE_QUANTITY.toLocaleString('en-US')}`;

const initialState = (): CartState => ({ cart: emptyCart(), recentCommandIds: [], lastHandOver: null, checkouts: 0 });

function evolve(state: CartState, event: CartEvent): CartState {
  const { commandId } = event.data;
  const recentCommandIds =
    state.recentCommandIds.at(-1) === commandId
      ? state.recentCommandIds
      : [...state.recentCommandIds, commandId].slice(-RECENT_COMMANDS_KEPT);
  const lastHandOver =
    event.type === 'CartMergedAway'
      ? { commandId, intoCustomerId: event.data.intoCustomerId, lines: event.data.lines }
      : state.lastHandOver;
  const checkouts = state.checkouts + (event.type === 'CartCheckedOut' ? 1 : 0);
  return { cart: evolveCart(state.cart, event), recentCommandIds, lastHandOver, checkouts };
}

function decide(command: CartCommand, state: CartState): CartEvent[] {
  if (state.recentCommandIds.includes(command.commandId)) return [];
  const change = { commandId: command.commandId, at: command.now.toISOString() };
  const lines = activeLines(state.cart, command.now);
  switch (command.type) {
    case 'AddItems':
      return command.items.map(({ offer, quantity }) => {
        if (!offer.inStock) throw new DomainError('invalid', OUT_OF_STOCK);
        const inCart = lines.find((line) => isSameLine(line, offer))?.quantity ?? 0;
        if (inCart + quantity > MAX_CART_LINE_QUANTITY)
          throw new DomainError('invalid', TOO_MANY, { quantity: TOO_MANY });
        const { inStock: _inStock, ...line } = offer;
        return { type: 'CartItemAdded', data: { ...change, ...line, quantity } };
      });
    case 'SetQuantity': {
      const line = existingLine(lines, command);
      if (line.quantity === command.quantity) return [];
      return [{ type: 'CartItemQuantityChanged', data: { ...change, ...keyOf(command), quantity: command.quantity } }];
    }
    case 'RemoveItem':
      // Removing what is already gone is the outcome the shopper wanted: nothing to refuse.
      if (!lines.some((line) => isSameLine(line, command))) return [];
      return [{ type: 'CartItemRemoved', data: { ...change, ...keyOf(command) } }];
    case 'ClearCart':
      return lines.length === 0 ? [] : [{ type: 'CartCleared', data: change }];
    case 'RefreshPrices':
      return lines.flatMap((line) => repriced(line, command.offers.get(cartLineKey(line)), change));
    case 'MergeIn':
      return command.lines.length === 0
        ? []
        : [{ type: 'CartMerged', data: { ...change, fromCartId: command.fromCartId, lines: command.lines } }];
    case 'MergeAway':
      if (lines.length === 0) return [];
      return [
        {
          type: 'CartMergedAway',
          data: { ...change, intoCustomerId: command.intoCustomerId, lines: lines.map(withoutPreviousPrice) },
        },
      ];
    case 'CheckOutCart':
      return [{ type: 'CartCheckedOut', data: { ...change, orderId: command.orderId } }];
    default:
      return exhaustive(command);
  }
}

/** The events that bring a line to the catalogue's price and availability now. */
function repriced(
  line: CartLine,
  offer: CurrentOffer | null | undefined,
  change: { commandId: string; at: string },
): CartEvent[] {
  if (offer === undefined) return [];
  const key = keyOf(line);
  if (offer === null)
    return line.available
      ? [{ type: 'CartLineAvailabilityChanged', data: { ...change, ...key, available: false } }]
      : [];
  const events: CartEvent[] = [];
  if (!line.available)
    events.push({ type: 'CartLineAvailabilityChanged', data: { ...change, ...key, available: true } });
  if (offer.unitPriceCents !== line.unitPriceCents) {
    const {
      detailId: _detailId,
      packSize: _packSize,
      unitPriceCents: _unitPriceCents,
      inStock: _inStock,
      ...snapshot
    } = offer;
    events.push({
      type: 'CartLinePriceChanged',
      data: {
        ...change,
        ...key,
        oldUnitPriceCents: line.unitPriceCents,
        newUnitPriceCents: offer.unitPriceCents,
        snapshot,
      },
    });
  }
  return events;
}

const keyOf = ({ detailId, packSize }: CartLineKey): CartLineKey => ({ detailId, packSize });

const withoutPreviousPrice = ({ previousUnitPriceCents: _previous, ...line }: CartLine): PricedCartLine => line;

function existingLine(lines: readonly CartLine[], key: CartLineKey): CartLine {
  const line = lines.find((candidate) => isSameLine(candidate, key));
  if (!line) throw new DomainError('not_found', NOT_IN_CART);
  return line;
}

export const cartDecider: Decider<CartState, CartCommand, CartEvent> = { initialState, evolve, decide };
