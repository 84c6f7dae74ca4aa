import type { CartItem } from '@/lib/cart-item.ts';
import { addLine, removeLine, setLineQuantity, type CartOption } from './cart-lines.ts';
import { cartChange, cartView, type CartLineView } from '@labshop/contracts/carts/queries';

/** Which server cart a command goes to: the anonymous cart the browser made, or the signed-in customer's. */
export type CartTarget = { kind: 'anonymous'; cartId: string } | { kind: 'customer' };

/**
 * A change waiting in the outbox. The commandId is made once, when the shopper acts, so a resend after a lost
 * answer is recognised by the server (every cart command is idempotent on it).
 */
export type CartCommand =
  | { type: 'add'; commandId: string; target: CartTarget; item: CartItem }
  | { type: 'setQuantity'; commandId: string; target: CartTarget; option: CartOption; quantity: number }
  | { type: 'remove'; commandId: string; target: CartTarget; option: CartOption }
  | { type: 'refresh'; commandId: string; target: CartTarget }
  /** At sign-in: the anonymous cart's lines go into the customer's cart. */
  | { type: 'merge'; commandId: string; cartId: string };

/** What a command does to the lines the shopper sees before the server answers. Refresh and merge wait for it. */
export function applyCommand(lines: CartLineView[], command: CartCommand): CartLineView[] {
  switch (command.type) {
    case 'add':
      return addLine(lines, command.item);
    case 'setQuantity':
      return setLineQuantity(lines, command.option, command.quantity);
    case 'remove':
      return removeLine(lines, command.option);
    case 'refresh':
    case 'merge':
      return lines;
  }
}

/** The lines the server confirmed, with the changes it has not answered yet laid over them. */
export const replayOutbox = (confirmed: CartLineView[], outbox: CartCommand[]) =>
  outbox.reduce(applyCommand, confirmed);

export const cartBasePath = (target: CartTarget) =>
  target.kind === 'anonymous' ? `/api/carts/${encodeURIComponent(target.cartId)}` : '/api/account/cart';

/**
 * The HTTP request that carries a command, and the schema of its answer (buying contract: every one is a POST; a
 * line's add, quantity or removal is answered by its CartChange, a refresh or merge by the CartView).
 */
export function commandRequest(command: CartCommand): {
  path: string;
  body: Record<string, unknown>;
  answer: typeof cartChange | typeof cartView;
} {
  const { commandId } = command;
  switch (command.type) {
    case 'add': {
      const { detailId, subproductId, packSize, quantity } = command.item;
      return {
        path: `${cartBasePath(command.target)}/items`,
        body: { commandId, detailId, subproductId, packSize, quantity },
        answer: cartChange,
      };
    }
    case 'setQuantity':
      return {
        path: `${cartBasePath(command.target)}/items/quantity`,
        body: { commandId, ...command.option, quantity: command.quantity },
        answer: cartChange,
      };
    case 'remove':
      return {
        path: `${cartBasePath(command.target)}/items/remove`,
        body: { commandId, ...command.option },
        answer: cartChange,
      };
    case 'refresh':
      return { path: `${cartBasePath(command.target)}/refresh`, body: { commandId }, answer: cartView };
    case 'merge':
      return { path: '/api/account/cart/merge', body: { commandId, cartId: command.cartId }, answer: cartView };
  }
}
