import type pg from 'pg';
import { connectPostgresClient } from '../../postgres-connections.ts';
import type { EventMetadata } from '../port.ts';
import type { KeyStore } from './key-store.ts';
import { personalDataPaths, personalPartsOf } from './personal-fields.ts';
import { ENVELOPE, holdsPlaintext, sealPart } from './sealed-parts.ts';

const MIGRATION = 'seal-plaintext-personal-data-v1';
// Serialises the migration between processes that boot at once.
const MIGRATION_LOCK_KEY = 7_215_540_317_010;

interface PlaintextRow {
  transaction_id: string;
  position: string;
  event_id: string;
  type: string;
  data: Record<string, unknown>;
  metadata: EventMetadata & Record<string, unknown>;
}

/**
 * The one deliberate exception to append-only: events written before personal data was sealed hold it
 * in plaintext, which deleting a key could not make unreadable. Once, at start-up, every such event is
 * rewritten in place with its personal fields sealed under the owner's key (or erased, if the owner
 * already was), exactly as the store would have appended it; ids, types, revisions and positions stay.
 * Recorded as done in `personal_data_migrations`, so later start-ups skip it. Returns the events rewritten.
 */
export async function sealPlaintextEvents(connectionString: string, keys: KeyStore): Promise<number> {
  const client = await connectPostgresClient({ connectionString });
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS personal_data_migrations (name text PRIMARY KEY, done_at timestamptz NOT NULL)',
    );
    const done = await client.query('SELECT 1 FROM personal_data_migrations WHERE name = $1', [MIGRATION]);
    let rewritten = 0;
    if (done.rowCount === 0) {
      rewritten = await sealAll(client, keys);
      await client.query('INSERT INTO personal_data_migrations (name, done_at) VALUES ($1, now())', [MIGRATION]);
    }
    await client.query('COMMIT');
    return rewritten;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

async function sealAll(client: pg.Client, keys: KeyStore): Promise<number> {
  const { rows } = await client.query<PlaintextRow>(
    `SELECT transaction_id::text, position, event_id, type, data, metadata FROM events
      WHERE (type = ANY($1) AND NOT data ? $2) OR (metadata->'actor'->>'kind' = 'customer' AND NOT metadata ? $2)
      FOR UPDATE`,
    [Object.keys(personalDataPaths), ENVELOPE],
  );
  let rewritten = 0;
  for (const row of rows) {
    const parts = personalPartsOf(row).filter(({ part, paths }) => holdsPlaintext(row[part], paths));
    if (parts.length === 0) continue;
    const sealed = { data: row.data, metadata: row.metadata as Record<string, unknown> };
    for (const { part, owner, paths } of parts) {
      sealed[part] = sealPart(row[part], owner, paths, await keys.keyFor(owner), `${row.event_id}/${part}`);
    }
    // An erased owner's events written erased already are left as they are.
    if (JSON.stringify(sealed) === JSON.stringify({ data: row.data, metadata: row.metadata })) continue;
    await client.query('UPDATE events SET data = $3, metadata = $4 WHERE transaction_id = $1::xid8 AND position = $2', [
      row.transaction_id,
      row.position,
      sealed.data,
      sealed.metadata,
    ]);
    rewritten++;
  }
  return rewritten;
}
