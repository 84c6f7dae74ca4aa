import { DomainError } from '@labshop/contracts/domain-error';
import type { ProductStreamEvent } from '@labshop/contracts/catalogue/events';
import { exhaustive } from '@labshop/contracts/exhaustive';
import type { Decider } from '@labshop/contracts/decider';
import { staleEdit } from '../stale-edit.ts';
import { isNewOrder } from '../display-order.ts';
import { namesOf, refuseNamesake } from '../namesakes.ts';

/** Commands on one product's stream: its content and its list of subproducts. `content` arrives sanitised. */
export type ProductStreamCommand =
  | { type: 'ChangeProductContent'; productId: string; content: string }
  | { type: 'CreateSubproduct'; productId: string; subproductId: string; name: string }
  | {
      type: 'EditSubproduct';
      productId: string;
      subproductId: string;
      name?: string;
      visible?: boolean;
      expectedVersion?: number;
    }
  | { type: 'ReorderSubproducts'; productId: string; subproductIds: string[] }
  | { type: 'DeleteSubproduct'; productId: string; subproductId: string };

interface SubproductState {
  name: string;
  visible: boolean;
  /** How many edits made the subproduct what it is (its creation is the first): what an admin saw, to detect a stale edit. */
  version: number;
}

/** A product's content and subproducts; display orders grow as in the catalogue's top level. */
export interface ProductStreamState {
  content: string;
  subproducts: Readonly<Record<string, SubproductState>>;
  order: readonly string[];
  nextDisplayOrder: number;
}

const initialState = (): ProductStreamState => ({ content: '', subproducts: {}, order: [], nextDisplayOrder: 0 });

function evolve(state: ProductStreamState, event: ProductStreamEvent): ProductStreamState {
  switch (event.type) {
    case 'ProductContentChanged':
      return { ...state, content: event.data.content };
    case 'SubproductCreated': {
      const { subproductId, name, displayOrder } = event.data;
      return {
        ...state,
        subproducts: { ...state.subproducts, [subproductId]: { name, visible: true, version: 1 } },
        order: [...state.order, subproductId],
        nextDisplayOrder: Math.max(state.nextDisplayOrder, displayOrder + 1),
      };
    }
    case 'SubproductRenamed':
      return withSubproduct(state, event.data.subproductId, (subproduct) => ({
        name: event.data.name,
        version: subproduct.version + 1,
      }));
    case 'SubproductVisibilityChanged':
      return withSubproduct(state, event.data.subproductId, (subproduct) => ({
        visible: event.data.visible,
        version: subproduct.version + 1,
      }));
    case 'SubproductsReordered':
      return {
        ...state,
        order: event.data.subproductIds,
        nextDisplayOrder: Math.max(state.nextDisplayOrder, event.data.subproductIds.length),
      };
    case 'SubproductDeleted': {
      const { [event.data.subproductId]: _deleted, ...subproducts } = state.subproducts;
      return { ...state, subproducts, order: state.order.filter((id) => id !== event.data.subproductId) };
    }
    default:
      return exhaustive(event);
  }
}

function decide(command: ProductStreamCommand, state: ProductStreamState): ProductStreamEvent[] {
  const { productId } = command;
  switch (command.type) {
    case 'ChangeProductContent':
      if (command.content === state.content) return [];
      return [{ type: 'ProductContentChanged', data: { productId, content: command.content } }];
    case 'CreateSubproduct':
      if (state.subproducts[command.subproductId])
        throw new DomainError('conflict', 'A subproduct with this id already exists');
      refuseSubproductNamesake(state, command.name, command.subproductId);
      return [
        {
          type: 'SubproductCreated',
          data: {
            productId,
            subproductId: command.subproductId,
            name: command.name,
            displayOrder: state.nextDisplayOrder,
          },
        },
      ];
    case 'EditSubproduct': {
      const { subproductId } = command;
      const subproduct = existingSubproduct(state, subproductId);
      if (command.expectedVersion !== undefined && command.expectedVersion !== subproduct.version) {
        throw staleEdit('subproduct', {
          id: subproductId,
          yourVersion: command.expectedVersion,
          currentVersion: subproduct.version,
        });
      }
      const events: ProductStreamEvent[] = [];
      if (command.name !== undefined && command.name !== subproduct.name) {
        refuseSubproductNamesake(state, command.name, subproductId);
        events.push({ type: 'SubproductRenamed', data: { productId, subproductId, name: command.name } });
      }
      if (command.visible !== undefined && command.visible !== subproduct.visible) {
        events.push({
          type: 'SubproductVisibilityChanged',
          data: { productId, subproductId, visible: command.visible },
        });
      }
      return events;
    }
    case 'ReorderSubproducts':
      if (!isNewOrder(state.order, command.subproductIds, 'subproduct', 'subproductIds')) return [];
      return [{ type: 'SubproductsReordered', data: { productId, subproductIds: command.subproductIds } }];
    case 'DeleteSubproduct':
      existingSubproduct(state, command.subproductId);
      return [{ type: 'SubproductDeleted', data: { productId, subproductId: command.subproductId } }];
    default:
      return exhaustive(command);
  }
}

const refuseSubproductNamesake = (state: ProductStreamState, name: string, subproductId: string) =>
  refuseNamesake(
    namesOf(state.subproducts, (subproduct) => subproduct.name),
    name,
    subproductId,
    'name',
    (existing) => `A subproduct named “${existing}” already exists in this product`,
  );

function existingSubproduct(state: ProductStreamState, subproductId: string): SubproductState {
  const subproduct = state.subproducts[subproductId];
  if (!subproduct) throw new DomainError('not_found', 'Subproduct not found');
  return subproduct;
}

function withSubproduct(
  state: ProductStreamState,
  subproductId: string,
  change: (subproduct: SubproductState) => Partial<SubproductState>,
): ProductStreamState {
  const subproduct = state.subproducts[subproductId];
  if (!subproduct) return state;
  return { ...state, subproducts: { ...state.subproducts, [subproductId]: { ...subproduct, ...change(subproduct) } } };
}

export const productStreamDecider: Decider<ProductStreamState, ProductStreamCommand, ProductStreamEvent> = {
  initialState,
  evolve,
  decide,
};
