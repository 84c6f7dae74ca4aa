import { Binary, MongoClient, MongoServerError } from 'mongodb';
import type { KeyStore, StoredKey } from './key-store.ts';
import { newPersonalDataKey } from './sealing.ts';

interface KeyDocument {
  _id: string;
  key: Binary | null;
  erasedAt: Date | null;
}

const DUPLICATE_KEY = 11000;

/** The production key store: one document per customer in `personal_data_keys`, the tombstone keeping `key: null`. */
export function createMongoKeyStore(options: { url: string; database: string }): KeyStore {
  const client = new MongoClient(options.url);
  const keys = client.db(options.database).collection<KeyDocument>('personal_data_keys');
  const stored = (document: KeyDocument): StoredKey => (document.key ? Buffer.from(document.key.buffer) : 'erased');

  return {
    async keyFor(owner) {
      for (;;) {
        try {
          const document = await keys.findOneAndUpdate(
            { _id: owner },
            { $setOnInsert: { key: new Binary(newPersonalDataKey()), erasedAt: null } },
            { upsert: true, returnDocument: 'after' },
          );
          if (document) return stored(document);
        } catch (error) {
          // Two first uses at once: the loser's upsert hits the winner's _id; the next try reads the winner's key.
          if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
        }
      }
    },
    async lookup(owners) {
      const documents = await keys.find({ _id: { $in: [...owners] } }).toArray();
      return new Map(documents.map((document) => [document._id, stored(document)]));
    },
    async erase(owner) {
      await keys.updateOne(
        { _id: owner, erasedAt: null },
        { $set: { key: null, erasedAt: new Date() } },
        { upsert: false },
      );
      await keys.updateOne({ _id: owner }, { $setOnInsert: { key: null, erasedAt: new Date() } }, { upsert: true });
    },
    close: () => client.close(),
  };
}
