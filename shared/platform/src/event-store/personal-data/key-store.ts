/**
 * The KeyStore port: one AES-256 key per customer, kept beside the events (PostgreSQL locally, MongoDB
 * in production). Erasing a customer deletes their key and leaves a tombstone, so every sealed copy of
 * their data in the log stays unreadable for good, and nothing can give them a new key. Both adapters
 * pass `key-store.contract.ts`.
 */
export type StoredKey = Buffer | 'erased';

export interface KeyStore {
  /** The owner's key, made now if they have none; 'erased' once they were erased. Concurrent callers get the same key. */
  keyFor(owner: string): Promise<StoredKey>;
  /** The keys (or tombstones) of these owners as stored now; owners with neither are left out. */
  lookup(owners: readonly string[]): Promise<Map<string, StoredKey>>;
  /** Deletes the owner's key for good (idempotent; an owner without a key gets the tombstone too). */
  erase(owner: string): Promise<void>;
  close(): Promise<void>;
}
