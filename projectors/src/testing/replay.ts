import type { RecordedEvent } from '@labshop/platform/event-store/port';

export { foldInMemory as replay } from '@labshop/platform/read-store/fold-in-memory';

let position = 0;

/** A recorded event as the runtime hands it over, with a position above every earlier one. */
export function recorded(type: string, data: unknown, occurredAt = '2026-01-01T00:00:00.000Z'): RecordedEvent {
  position++;
  return {
    id: `event-${position}`,
    type,
    stream: 'test',
    revision: position,
    position: String(position).padStart(8, '0'),
    data,
    metadata: {
      actor: { kind: 'admin', id: 'a1', email: 'admin@example.com' },
      correlationId: 'c',
      causationId: 'c',
      occurredAt,
    },
  };
}
