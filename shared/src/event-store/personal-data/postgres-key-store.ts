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

export function createPostgresKeyStore(options: { connectionString: string }): PostgresKeyStore {
  const pool = createPostgresPool({ connectionString: options.connectionString, max: 4 });
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
        const created = await pool.query<{ key: Buffer | null }>(
          'INSERT INTO personal_data_keys (owner_id, key) VALUES ($1, $2) ON CONFLICT (owner_id) DO NOTHING RETURNING key',
          [owner, newPersonalDataKey()],
        );
        if (created.rows[0]) return stored(created.rows[0]);
        const existing = await pool.query<{ key: Buffer | null }>('SELECT key FROM personal_data_keys WHERE owner_id = $1', [owner]);
        if (existing.rows[0]) return stored(existing.rows[0]);
      }
    },
    async lookup(owners) {
      const { rows } = await pool.query<{ owner_id: string; key: Buffer | null }>('SELECT owner_id, key FROM personal_data_keys WHERE owner_id = ANY($1)', [[...owners]]);
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
