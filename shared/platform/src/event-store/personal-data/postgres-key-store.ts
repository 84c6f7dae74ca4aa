import { createPostgresPool } from '../../postgres-connections.ts';
import type { KeyStore, StoredKey } from './key-store.ts';
import { newPersonalDataKey } from './sealing.ts';

// One row per customer; an erased customer's row keeps no key (the tombstone). Created beside `events`.
const SCHEMA = /* sql */ `
CREATE TABLE IF NOT EXISTS personal_data_keys (
  owner_id text PRIMARY KEY,
  key bytea,
  erased_at timestamptz,
  CHECK ((key IS NULL) = (erased_at IS NOT NULL))
)`;

export interface PostgresKeyStore extends KeyStore {
  migrate(): Promise<void>;
}

/**
 * The key made now, or the one already stored, in one statement. A key committed by a concurrent first use
 * after this statement's snapshot is in neither (its insert conflicts, its row is not yet visible): no row,
 * and keyFor asks again.
 */
const KEY_FOR_SQL = /* sql */ `
WITH created AS (
  INSERT INTO personal_data_keys (owner_id, key) VALUES ($1, $2) ON CONFLICT (owner_id) DO NOTHING RETURNING key
)
SELECT key FROM created
UNION ALL
SELECT key FROM personal_data_keys WHERE owner_id = $1`;

/**
 * Sealing asks for a key once per owner and process (personal-data-event-store.ts keeps it), reading asks for
 * the keys of a chunk of events in one lookup: 10 connections, as many as the event store's pool, so the key
 * store never makes an append queue behind another's lookup.
 */
const MAX_CONNECTIONS = 10;

export function createPostgresKeyStore(options: { connectionString: string }): PostgresKeyStore {
  const pool = createPostgresPool({ connectionString: options.connectionString, max: MAX_CONNECTIONS });
  const stored = (row: { key: Buffer | null }): StoredKey => row.key ?? 'erased';

  return {
    async migrate() {
      await pool.query(SCHEMA).catch(async (error: unknown) => {
        // Two processes creating the table at once: one of them loses on the catalogue's unique index.
        if ((error as { code?: string }).code !== '23505') throw error;
      });
    },
    async keyFor(owner) {
      for (;;) {
        const { rows } = await pool.query<{ key: Buffer | null }>({
          name: 'key_for',
          text: KEY_FOR_SQL,
          values: [owner, newPersonalDataKey()],
        });
        if (rows[0]) return stored(rows[0]);
      }
    },
    async lookup(owners) {
      const { rows } = await pool.query<{ owner_id: string; key: Buffer | null }>(
        'SELECT owner_id, key FROM personal_data_keys WHERE owner_id = ANY($1)',
        [[...owners]],
      );
      return new Map(rows.map((row) => [row.owner_id, stored(row)]));
    },
    async erase(owner) {
      await pool.query(
        `INSERT INTO personal_data_keys (owner_id, key, erased_at) VALUES ($1, NULL, now())
         ON CONFLICT (owner_id) DO UPDATE SET key = NULL, erased_at = coalesce(personal_data_keys.erased_at, now())`,
        [owner],
      );
    },
    close: () => pool.end(),
  };
}
