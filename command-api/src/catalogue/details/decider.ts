import { fileMessages } from '@labshop/contracts/catalogue/details-commands';
import { DomainError } from '@labshop/contracts/domain-error';
import {
  detailFieldNames,
  fileSlots,
  type DetailFields,
  type FileSlot,
  type StoredFile,
  type SubproductStreamEvent,
} from '@labshop/contracts/catalogue/events';
import { exhaustive } from '@labshop/contracts/exhaustive';
import type { Decider } from '@labshop/contracts/decider';
import { staleEdit } from '../stale-edit.ts';
import { isNewOrder } from '../display-order.ts';
import { namesOf, refuseNamesake } from '../namesakes.ts';
import { sameValue } from '@labshop/contracts/same-value';

interface DetailRef {
  productId: string;
  subproductId: string;
  detailId: string;
}

/** Commands on one subproduct's stream: its details, their fields and files. Rich text arrives sanitised. */
export type SubproductStreamCommand =
  | ({ type: 'CreateDetail'; fields: DetailFields; files?: DetailFiles } & DetailRef)
  | ({
      type: 'EditDetail';
      changes: Partial<DetailFields>;
      visible?: boolean;
      attach?: DetailFiles;
      remove?: FileSlot[];
      expectedVersion?: number;
    } & DetailRef)
  | { type: 'ReorderDetails'; productId: string; subproductId: string; detailIds: string[] }
  | ({ type: 'DeleteDetail' } & DetailRef)
  | ({ type: 'AttachDetailFile'; slot: FileSlot; file: StoredFile } & DetailRef)
  | ({ type: 'RemoveDetailFile'; slot: FileSlot } & DetailRef);

type DetailFiles = Partial<Record<FileSlot, StoredFile>>;

interface DetailState {
  fields: DetailFields;
  visible: boolean;
  files: Partial<Record<FileSlot, StoredFile>>;
  /** How many changes made the detail what it is (creation, fields, visibility, files), as the admin's detail shows it. */
  version: number;
}

export interface SubproductStreamState {
  details: Readonly<Record<string, DetailState>>;
  order: readonly string[];
  nextDisplayOrder: number;
}

const initialState = (): SubproductStreamState => ({ details: {}, order: [], nextDisplayOrder: 0 });

function evolve(state: SubproductStreamState, event: SubproductStreamEvent): SubproductStreamState {
  switch (event.type) {
    case 'DetailCreated': {
      const { detailId, fields, displayOrder } = event.data;
      // Details created before the dry-ice flag existed do not ship on dry ice.
      return {
        details: {
          ...state.details,
          [detailId]: {
            fields: { ...fields, shipsOnDryIce: fields.shipsOnDryIce ?? false },
            visible: true,
            files: {},
            version: 1,
          },
        },
        order: [...state.order, detailId],
        nextDisplayOrder: Math.max(state.nextDisplayOrder, displayOrder + 1),
      };
    }
    case 'DetailUpdated':
      return withDetail(state, event.data.detailId, (detail) => ({
        ...detail,
        fields: { ...detail.fields, ...event.data.changes },
      }));
    case 'DetailVisibilityChanged':
      return withDetail(state, event.data.detailId, (detail) => ({ ...detail, visible: event.data.visible }));
    case 'DetailsReordered':
      return {
        ...state,
        order: event.data.detailIds,
        nextDisplayOrder: Math.max(state.nextDisplayOrder, event.data.detailIds.length),
      };
    case 'DetailDeleted': {
      const { [event.data.detailId]: _deleted, ...details } = state.details;
      return { ...state, details, order: state.order.filter((id) => id !== event.data.detailId) };
    }
    case 'DetailFileAttached':
      return withDetail(state, event.data.detailId, (detail) => ({
        ...detail,
        files: { ...detail.files, [event.data.slot]: event.data.file },
      }));
    case 'DetailFileRemoved':
      return withDetail(state, event.data.detailId, (detail) => {
        const { [event.data.slot]: _removed, ...files } = detail.files;
        return { ...detail, files };
      });
    default:
      return exhaustive(event);
  }
}

function decide(command: SubproductStreamCommand, state: SubproductStreamState): SubproductStreamEvent[] {
  switch (command.type) {
    case 'CreateDetail': {
      if (state.details[command.detailId]) throw new DomainError('conflict', 'A detail with this id already exists');
      refuseTypeNamesake(state, command.fields.productType, command.detailId);
      const { type: _type, files = {}, ...data } = command;
      // One append: the detail is never seen without the files it was added with.
      return [
        { type: 'DetailCreated', data: { ...data, displayOrder: state.nextDisplayOrder } },
        ...attachments(refOf(command), {}, files),
      ];
    }
    case 'EditDetail': {
      const detail = existingDetail(state, command.detailId);
      if (command.expectedVersion !== undefined && command.expectedVersion !== detail.version) {
        throw staleEdit('detail', {
          id: command.detailId,
          yourVersion: command.expectedVersion,
          currentVersion: detail.version,
        });
      }
      const ref = refOf(command);
      const changes = changedFields(detail.fields, command.changes);
      if (changes.productType !== undefined) refuseTypeNamesake(state, changes.productType, command.detailId);
      const events: SubproductStreamEvent[] = [];
      if (Object.keys(changes).length > 0) events.push({ type: 'DetailUpdated', data: { ...ref, changes } });
      if (command.visible !== undefined && command.visible !== detail.visible) {
        events.push({ type: 'DetailVisibilityChanged', data: { ...ref, visible: command.visible } });
      }
      const attach = command.attach ?? {};
      // Spec: a detail whose image is removed needs a new one.
      if (command.remove?.includes('image') && attach.image === undefined) {
        throw new DomainError('invalid', fileMessages.imageMissing, { image: fileMessages.imageMissing });
      }
      for (const slot of command.remove ?? []) {
        // A new file in the same slot replaces the old one anyway.
        if (attach[slot] !== undefined) continue;
        if (!detail.files[slot]) throw new DomainError('not_found', 'No file to remove');
        events.push({ type: 'DetailFileRemoved', data: { ...ref, slot } });
      }
      return [...events, ...attachments(ref, detail.files, attach)];
    }
    case 'ReorderDetails': {
      const { productId, subproductId, detailIds } = command;
      if (!isNewOrder(state.order, detailIds, 'detail', 'detailIds')) return [];
      return [{ type: 'DetailsReordered', data: { productId, subproductId, detailIds } }];
    }
    case 'DeleteDetail':
      existingDetail(state, command.detailId);
      return [{ type: 'DetailDeleted', data: refOf(command) }];
    case 'AttachDetailFile': {
      const current = existingDetail(state, command.detailId).files[command.slot];
      if (current?.name === command.file.name) return [];
      return [{ type: 'DetailFileAttached', data: { ...refOf(command), slot: command.slot, file: command.file } }];
    }
    case 'RemoveDetailFile':
      if (!existingDetail(state, command.detailId).files[command.slot])
        throw new DomainError('not_found', 'No file to remove');
      return [{ type: 'DetailFileRemoved', data: { ...refOf(command), slot: command.slot } }];
    default:
      return exhaustive(command);
  }
}

/** A file event per slot whose file is new (the same file again changes nothing). */
const attachments = (ref: DetailRef, current: DetailFiles, files: DetailFiles): SubproductStreamEvent[] =>
  fileSlots.flatMap((slot) => {
    const file = files[slot];
    return file === undefined || current[slot]?.name === file.name
      ? []
      : [{ type: 'DetailFileAttached' as const, data: { ...ref, slot, file } }];
  });

/** Only the fields whose value really changes: the audit trail shows them as before → after. */
function changedFields(current: DetailFields, requested: Partial<DetailFields>): Partial<DetailFields> {
  const changes: Partial<Record<keyof DetailFields, unknown>> = {};
  for (const field of detailFieldNames) {
    const next = requested[field];
    if (next !== undefined && !sameValue(next, current[field])) changes[field] = next;
  }
  return changes as Partial<DetailFields>;
}

/** Details are told apart by their product type within a subproduct (the shop's product name is subproduct + type). */
const refuseTypeNamesake = (state: SubproductStreamState, productType: string, detailId: string) =>
  refuseNamesake(
    namesOf(state.details, (detail) => detail.fields.productType),
    productType,
    detailId,
    'productType',
    (existing) => `A detail of type “${existing}” already exists in this subproduct`,
  );

const refOf = ({ productId, subproductId, detailId }: DetailRef): DetailRef => ({ productId, subproductId, detailId });

function existingDetail(state: SubproductStreamState, detailId: string): DetailState {
  const detail = state.details[detailId];
  if (!detail) throw new DomainError('not_found', 'Detail not found');
  return detail;
}

function withDetail(
  state: SubproductStreamState,
  detailId: string,
  change: (detail: DetailState) => DetailState,
): SubproductStreamState {
  const detail = state.details[detailId];
  if (!detail) return state;
  return { ...state, details: { ...state.details, [detailId]: { ...change(detail), version: detail.version + 1 } } };
}

export const subproductStreamDecider: Decider<SubproductStreamState, SubproductStreamCommand, SubproductStreamEvent> = {
  initialState,
  evolve,
  decide,
};
