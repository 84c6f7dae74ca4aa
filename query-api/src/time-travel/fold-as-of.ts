import { auditEntityId, type AuditLogDocument } from '@labshop/contracts/admins/audit-log-queries';
import { catalogueDetailsReadModel, catalogueTreeReadModel } from '@labshop/contracts/catalogue/read-models';
import { servicesReadModel } from '@labshop/contracts/content/services-queries';
import type { ReadModel } from '@labshop/contracts/read-model';
import { foldInMemory } from '@labshop/platform/read-store/fold-in-memory';
import { projectionOf, type Projection } from '@labshop/platform/read-store/projection';
import type { StoredDocument } from '@labshop/platform/read-store/port';
import type { EventStore, RecordedEvent } from '@labshop/platform/event-store/port';
import { CATALOGUE_STREAM, productStream, subproductStream } from '@labshop/contracts/catalogue/events';
import { isOrderEvent, orderStream } from '@labshop/contracts/orders/events';
import { serviceStream } from '@labshop/contracts/content/services-events';
import { foldOrder, type FoldedOrder } from '@labshop/contracts/orders/fold-order';
import type { Collection } from '@labshop/platform/read-store/port';
import type { AsOfEntityType } from '@labshop/contracts/as-of';

export interface AsOf {
  state: Record<string, unknown> | null;
  eventsFolded: number;
  lastChangeAt: string | null;
}

export interface AsOfSources {
  eventStore: EventStore;
  /** The projectors' projections, whose folds time travel runs in memory. */
  projections: readonly Projection[];
  /** The audit log's entities: where a subproduct or detail lives (its parents' ids), even once deleted. */
  auditLog: Collection<AuditLogDocument> | null;
}

async function eventsUntil(eventStore: EventStore, streams: readonly string[], until: Date): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for (const stream of streams) for await (const event of eventStore.readStream(stream, { until })) events.push(event);
  return events.sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0));
}

/** The documents of `readModel` after `events`, folded in memory by the projection that builds it. */
const foldReadModel = <D extends StoredDocument>(
  { projections }: AsOfSources,
  readModel: ReadModel<D>,
  events: readonly RecordedEvent[],
) => foldInMemory(projectionOf(projections, readModel), events);

const summary = (events: readonly RecordedEvent[], state: object | null | undefined): AsOf => {
  const { id: _id, _position, ...fields } = (state ?? {}) as Record<string, unknown>;
  return {
    state: state ? fields : null,
    eventsFolded: events.length,
    lastChangeAt: events.at(-1)?.metadata.occurredAt ?? null,
  };
};

/** The order's own fold (the one the command API decides by), over its stream up to `at`. */
async function orderAsOf({ eventStore }: AsOfSources, orderId: string, at: Date): Promise<AsOf> {
  const events = await eventsUntil(eventStore, [orderStream(orderId)], at);
  const folded = events
    .filter(isOrderEvent)
    .reduce<FoldedOrder | null>((order, event) => foldOrder(order, event), null);
  return summary(events, folded && { ...folded.view, heldFrom: folded.heldFrom });
}

/** A product with its subproducts and detail summaries, through the catalogue-tree read model's fold. */
async function productTreeAsOf(sources: AsOfSources, productId: string, at: Date) {
  const { eventStore } = sources;
  const productEvents = await eventsUntil(eventStore, [CATALOGUE_STREAM, productStream(productId)], at);
  const subproductIds = productEvents.flatMap((event) =>
    event.type === 'SubproductCreated' && event.stream === productStream(productId)
      ? [(event.data as { subproductId: string }).subproductId]
      : [],
  );
  const detailEvents = await eventsUntil(eventStore, subproductIds.map(subproductStream), at);
  const events = [...productEvents, ...detailEvents].sort((a, b) => (a.position < b.position ? -1 : 1));
  const trees = await foldReadModel(sources, catalogueTreeReadModel, events);
  const own = events.filter((event) => {
    const data = event.data as { productId?: string; productIds?: string[] };
    return data.productId === productId || data.productIds?.includes(productId);
  });
  return { events: own, tree: trees.get(productId) ?? null };
}

async function parentsOf({ auditLog: audit }: AsOfSources, entityType: 'subproduct' | 'detail', entityId: string) {
  const entity = await audit?.get(auditEntityId({ entityType, entityId }));
  const current = entity?.kind === 'entity' ? entity.current : {};
  return {
    productId: typeof current.productId === 'string' ? current.productId : null,
    subproductId: typeof current.subproductId === 'string' ? current.subproductId : null,
  };
}

export async function foldAsOf(
  sources: AsOfSources,
  entityType: AsOfEntityType,
  entityId: string,
  at: Date,
): Promise<AsOf | null> {
  switch (entityType) {
    case 'order':
      return orderAsOf(sources, entityId, at);
    case 'product': {
      const { events, tree } = await productTreeAsOf(sources, entityId, at);
      return summary(events, tree);
    }
    case 'subproduct': {
      const { productId } = await parentsOf(sources, 'subproduct', entityId);
      if (!productId) return null;
      const { events, tree } = await productTreeAsOf(sources, productId, at);
      const own = events.filter((event) => (event.data as { subproductId?: string }).subproductId === entityId);
      return summary(
        own,
        tree?.subproducts.find((subproduct) => subproduct.subproductId === entityId),
      );
    }
    case 'detail': {
      const { productId, subproductId } = await parentsOf(sources, 'detail', entityId);
      if (!productId || !subproductId) return null;
      // The parents' streams too: deleting a subproduct or product takes its details with it.
      const events = await eventsUntil(
        sources.eventStore,
        [CATALOGUE_STREAM, productStream(productId), subproductStream(subproductId)],
        at,
      );
      const own = events.filter((event) => (event.data as { detailId?: string }).detailId === entityId);
      return summary(own, (await foldReadModel(sources, catalogueDetailsReadModel, events)).get(entityId));
    }
    case 'service': {
      // The services read model's fold over the service's own stream.
      const events = await eventsUntil(sources.eventStore, [serviceStream(entityId)], at);
      return summary(events, (await foldReadModel(sources, servicesReadModel, events)).get(entityId));
    }
  }
}
