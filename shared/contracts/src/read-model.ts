/** Every stored document carries the position (the event store's position, a string) of the last event applied to it. */
export interface StoredDocument {
  id: string;
  _position: string;
}

/**
 * A read model as its readers know it: the name of its collection, the type of its documents and the fields
 * (dotted paths) it is looked up by, which the read store indexes. The projection that builds it (projectors)
 * and the routes that read it (query-api) both take it from here, so the query side names read models without
 * importing the projectors. `document` is never set: it only carries the document type.
 */
export interface ReadModel<D extends StoredDocument = StoredDocument> {
  readonly name: string;
  readonly indexedFields?: readonly string[];
  readonly document?: D;
}

export const readModel = <D extends StoredDocument>(name: string, indexedFields?: readonly string[]): ReadModel<D> =>
  indexedFields ? { name, indexedFields } : { name };
