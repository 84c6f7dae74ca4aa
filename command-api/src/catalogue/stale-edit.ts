import { DomainError } from '@labshop/contracts/domain-error';
import type { EventMetadata, EventStore } from '@labshop/platform/event-store/port';

/** How a stale edit is refused by a decider; the route then names who made the newer change (namingTheNewerChange). */
export function staleEdit(
  noun: string,
  details: { id: string; yourVersion: number; currentVersion: number },
): DomainError {
  return new DomainError(
    'conflict',
    `Someone else changed this ${noun} after you opened it. Reload to see their change, then edit again.`,
    undefined,
    { ...details, stale: true },
  );
}

export const isStaleEdit = (error: unknown): error is DomainError =>
  error instanceof DomainError && error.details?.stale === true;

/** An If-Match header's version: `3` or the entity tag `"3"`. */
export function versionOfIfMatch(header: string | undefined): number | undefined {
  const match = header && /^\s*(?:W\/)?"?(\d+)"?\s*$/.exec(header);
  return match ? Number(match[1]) : undefined;
}

/**
 * A stale edit's refusal with who made the entity's latest change and when, from the metadata of the
 * stream's last event about it (`idField` names the entity's id in event data).
 */
export async function namingTheNewerChange(
  eventStore: EventStore,
  stream: string,
  idField: string,
  id: string,
  noun: string,
  refusal: DomainError,
): Promise<DomainError> {
  let latest: EventMetadata | undefined;
  for await (const event of eventStore.readStream(stream)) {
    if ((event.data as Record<string, unknown>)[idField] === id) latest = event.metadata;
  }
  if (!latest) return refusal;
  const { stale: _stale, ...details } = refusal.details ?? {};
  return new DomainError(
    'conflict',
    `${latest.actor.email} changed this ${noun} at ${latest.occurredAt} after you opened it. Reload to see their change, then edit again.`,
    undefined,
    { ...details, changedBy: latest.actor.email, changedAt: latest.occurredAt },
  );
}
