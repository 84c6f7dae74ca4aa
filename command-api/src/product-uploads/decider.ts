import { DomainError } from '@labshop/contracts/domain-error';
import type { StoredFile } from '@labshop/contracts/catalogue/events';
import {
  uploadedProductFieldNames,
  type UploadedProductEvent,
  type UploadedProductFields,
} from '@labshop/contracts/catalogue/uploads-events';
import { exhaustive } from '@labshop/contracts/exhaustive';
import {
  evolveUploadedProduct,
  noUploadedProduct,
  type FoldedUploadedProduct,
} from '@labshop/contracts/catalogue/fold-uploaded-product';
import { sameValue } from '@labshop/contracts/same-value';
import type { Decider } from '@labshop/contracts/decider';
import { staleEdit } from '../catalogue/stale-edit.ts';

/** Commands on one uploaded product's stream. Rich text arrives sanitised, the image checked and stored. */
export type UploadedProductCommand =
  | { type: 'AddUploadedProduct'; productId: string; fields: UploadedProductFields; image: StoredFile }
  | {
      type: 'UpdateUploadedProduct';
      productId: string;
      fields: UploadedProductFields;
      image?: StoredFile;
      expectedVersion: number;
    }
  | { type: 'DeleteUploadedProduct'; productId: string; expectedVersion?: number };

const notFound = () => new DomainError('not_found', 'This product no longer exists. Reload the list.');

function listed(state: FoldedUploadedProduct, productId: string, expectedVersion: number | undefined) {
  if (state.status !== 'listed') throw notFound();
  if (expectedVersion !== undefined && expectedVersion !== state.version) {
    throw staleEdit('product', { id: productId, yourVersion: expectedVersion, currentVersion: state.version });
  }
  return state;
}

function decide(command: UploadedProductCommand, state: FoldedUploadedProduct): UploadedProductEvent[] {
  switch (command.type) {
    case 'AddUploadedProduct':
      if (state.status !== 'none') throw new DomainError('conflict', 'This product was saved already');
      return [
        {
          type: 'UploadedProductAdded',
          data: { productId: command.productId, fields: command.fields, image: command.image },
        },
      ];
    case 'UpdateUploadedProduct': {
      const current = listed(state, command.productId, command.expectedVersion);
      const changes: Partial<UploadedProductFields> = {};
      for (const name of uploadedProductFieldNames) {
        if (!sameValue(current.fields[name], command.fields[name]))
          Object.assign(changes, { [name]: command.fields[name] });
      }
      const image =
        command.image !== undefined && command.image.name !== current.image.name ? command.image : undefined;
      if (Object.keys(changes).length === 0 && image === undefined) return [];
      return [
        { type: 'UploadedProductUpdated', data: { productId: command.productId, changes, ...(image && { image }) } },
      ];
    }
    case 'DeleteUploadedProduct':
      listed(state, command.productId, command.expectedVersion);
      return [{ type: 'UploadedProductDeleted', data: { productId: command.productId } }];
    default:
      return exhaustive(command);
  }
}

export const uploadedProductDecider: Decider<FoldedUploadedProduct, UploadedProductCommand, UploadedProductEvent> = {
  initialState: noUploadedProduct,
  evolve: evolveUploadedProduct,
  decide,
};
