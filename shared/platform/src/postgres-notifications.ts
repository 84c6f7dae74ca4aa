import pg from 'pg';
import { backoffDelay } from './backoff.ts';

/**
 * A channel this process LISTENs on: `onNotify` listeners are called on every notification, with its payload, and
 * after every (re)connection, with none.
 */
export interface NotificationChannel {
  /** Adds a listener (connecting on the first one); answers its removal. */
  onNotify(listener: (payload?: string) => void): () => void;
  close(): Promise<void>;
}

const RECONNECT = { initialDelayMs: 100, maxDelayMs: 5_000 };

/**
 * LISTENs on `channel` on a connection of its own (never a pool's: a pooled connection is lent to others and
 * LISTEN belongs to the session), opened when the first listener comes. A lost connection (a restart, a
 * terminated backend, the network) is opened again with backoff (100 ms doubling to 5 s) for as long as the
 * channel is open. Notifications sent while it was away are lost, so every listener is also called each time
 * LISTEN takes effect: a listener treats a call as "look again", and catches up by reading.
 */
export function listenOnChannel(config: pg.ClientConfig, channel: string): NotificationChannel {
  const listeners = new Set<(payload?: string) => void>();
  let client: pg.Client | null = null;
  let connecting = false;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  const tell = (payload?: string) => {
    for (const listener of [...listeners]) listener(payload);
  };

  async function connect(): Promise<void> {
    if (closed || client || connecting) return;
    connecting = true;
    const candidate = new pg.Client({ ...config, keepAlive: true });
    // A lost connection emits 'error' then 'end': 'end' is where it is replaced.
    candidate.on('error', () => undefined);
    candidate.on('notification', (message) => {
      if (message.channel === channel) tell(message.payload);
    });
    candidate.on('end', () => {
      if (client !== candidate) return;
      client = null;
      reconnectLater();
    });
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch {
      connecting = false;
      await candidate.end().catch(() => undefined);
      reconnectLater();
      return;
    }
    connecting = false;
    if (closed) {
      await candidate.end().catch(() => undefined);
      return;
    }
    client = candidate;
    failures = 0;
    tell();
  }

  function reconnectLater(): void {
    if (closed) return;
    failures += 1;
    retry = setTimeout(() => void connect(), backoffDelay(failures, RECONNECT));
  }

  return {
    onNotify(listener) {
      listeners.add(listener);
      void connect();
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const open = client;
      client = null;
      await open?.end().catch(() => undefined);
    },
  };
}

/**
 * Sends a notification on `channel` after the caller's own work committed, coalesced: one at a time per
 * channel and process, and calls made while one is in flight make one more after it. Under load that is
 * about one notification per round trip, whatever the number of writes (a NOTIFY inside each writing
 * transaction would be one per write, and PostgreSQL serialises the commits of notifying transactions on one
 * lock). Its transaction commits without waiting for the WAL flush: it writes nothing worth keeping. A failure
 * (the database away) is dropped: listeners reconnect and read again when it is back. `payload` is sent with
 * each notification (a sender's id, so it can tell its own notifications from others').
 */
export interface CoalescedNotifier {
  /** Asks for one notification after the caller's committed work. */
  notify(): void;
  /** Resolves once no notification is in flight (before the pool ends, so the last append is announced). */
  settled(): Promise<void>;
}

export function coalescedNotifier(pool: Pick<pg.Pool, 'query'>, channel: string, payload: string): CoalescedNotifier {
  const sql = `SET LOCAL synchronous_commit TO off; NOTIFY ${pg.escapeIdentifier(channel)}, ${pg.escapeLiteral(payload)}`;
  let inFlight: Promise<void> | null = null;
  let again = false;
  const send = async () => {
    do {
      again = false;
      await pool.query(sql).catch(() => undefined);
    } while (again);
  };
  return {
    notify() {
      if (inFlight) again = true;
      else inFlight = send().finally(() => (inFlight = null));
    },
    settled: () => inFlight ?? Promise.resolve(),
  };
}
