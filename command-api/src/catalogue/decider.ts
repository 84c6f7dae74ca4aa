import { DomainError } from '@labshop/contracts/domain-error';
import { staleEdit } from './stale-edit.ts';
import type { CatalogueEvent } from '@labshop/contracts/catalogue/events';
import { exhaustive } from '@labshop/contracts/exhaustive';
import type { Decider } from '@labshop/contracts/decider';
import { isNewOrder } from './display-order.ts';
import { namesOf, refuseNamesake } from './namesakes.ts';

export type CatalogueCommand =
  | { type: 'CreateProduct'; productId: string; name: string }
  | { type: 'EditProduct'; productId: string; name?: string; visible?: boolean; expectedVersion?: number }
  | { type: 'ReorderProducts'; productIds: string[] }
  | { type: 'DeleteProduct'; productId: string };

interface ProductState {
  name: string;
  visible: boolean;
  /** How many edits made the product what it is (its creation is the first): what an admin saw, to detect a stale edit. */
  version: number;
}

/**
 * The catalogue's top level: products by id and their display order. A new product's display order
 * is above every one given before (deletions leave gaps), so read models can sort on it as recorded.
 */
export interface CatalogueState {
  products: Readonly<Record<string, ProductState>>;
  order: readonly string[];
  nextDisplayOrder: number;
}

const initialState = (): CatalogueState => ({ products: {}, order: [], nextDisplayOrder: 0 });

function evolve(state: CatalogueState, event: CatalogueEvent): CatalogueState {
  switch (event.type) {
    case 'ProductCreated': {
      const { productId, name, displayOrder } = event.data;
      return {
        products: { ...state.products, [productId]: { name, visible: true, version: 1 } },
        order: [...state.order, productId],
        nextDisplayOrder: Math.max(state.nextDisplayOrder, displayOrder + 1),
      };
    }
    case 'ProductRenamed':
      return withProduct(state, event.data.productId, { name: event.data.name });
    case 'ProductVisibilityChanged':
      return withProduct(state, event.data.productId, { visible: event.data.visible });
    case 'ProductsReordered':
      return {
        ...state,
        order: event.data.productIds,
        nextDisplayOrder: Math.max(state.nextDisplayOrder, event.data.productIds.length),
      };
    case 'ProductDeleted': {
      const { [event.data.productId]: _deleted, ...products } = state.products;
      return { ...state, products, order: state.order.filter((id) => id !== event.data.productId) };
    }
    default:
      return exhaustive(event);
  }
}

function decide(command: CatalogueCommand, state: CatalogueState): CatalogueEvent[] {
  switch (command.type) {
    case 'CreateProduct':
      if (state.products[command.productId]) throw new DomainError('conflict', 'A product with this id already exists');
      refuseProductNamesake(state, command.name, command.productId);
      return [
        {
          type: 'ProductCreated',
          data: { productId: command.productId, name: command.name, displayOrder: state.nextDisplayOrder },
        },
      ];
    case 'EditProduct': {
      const product = existing(state, command.productId);
      if (command.expectedVersion !== undefined && command.expectedVersion !== product.version) {
        throw staleEdit('product', {
          id: command.productId,
          yourVersion: command.expectedVersion,
          currentVersion: product.version,
        });
      }
      const events: CatalogueEvent[] = [];
      if (command.name !== undefined && command.name !== product.name) {
        refuseProductNamesake(state, command.name, command.productId);
        events.push({ type: 'ProductRenamed', data: { productId: command.productId, name: command.name } });
      }
      if (command.visible !== undefined && command.visible !== product.visible) {
        events.push({
          type: 'ProductVisibilityChanged',
          data: { productId: command.productId, visible: command.visible },
        });
      }
      return events;
    }
    case 'ReorderProducts':
      if (!isNewOrder(state.order, command.productIds, 'product', 'productIds')) return [];
      return [{ type: 'ProductsReordered', data: { productIds: command.productIds } }];
    case 'DeleteProduct':
      existing(state, command.productId);
      return [{ type: 'ProductDeleted', data: { productId: command.productId } }];
    default:
      return exhaustive(command);
  }
}

const refuseProductNamesake = (state: CatalogueState, name: string, productId: string) =>
  refuseNamesake(
    namesOf(state.products, (product) => product.name),
    name,
    productId,
    'name',
    (existing) => `A product named “${existing}” already exists`,
  );

function existing(state: CatalogueState, productId: string): ProductState {
  const product = state.products[productId];
  if (!product) throw new DomainError('not_found', 'Product not found');
  return product;
}

function withProduct(state: CatalogueState, productId: string, change: Partial<ProductState>): CatalogueState {
  const product = state.products[productId];
  if (!product) return state;
  return {
    ...state,
    products: { ...state.products, [productId]: { ...product, ...change, version: product.version + 1 } },
  };
}

export const catalogueDecider: Decider<CatalogueState, CatalogueCommand, CatalogueEvent> = {
  initialState,
  evolve,
  decide,
};
