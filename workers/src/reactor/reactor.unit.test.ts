import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@labshop/platform/event-store/port';
import { assertDistinctReactors, jobsForEvent, type Reactor } from './reactor.ts';

const event: RecordedEvent = {
  id: '6f1c1d0e-3a52-4d8e-9a57-0d4b1f6e2c11',
  type: 'TestMailRequested',
  stream: 'test-1',
  revision: 0,
  position: '0001',
  data: { recipients: ['a@example.com'] },
  metadata: {
    actor: { kind: 'system', id: 'system', email: 'system@labshop.local' },
    correlationId: 'c',
    causationId: 'c',
    occurredAt: '2025-01-01T00:00:00.000Z',
  },
};

function reactorMaking(count: number, name = 'mailer', eventTypes = ['TestMailRequested']): Reactor {
  return {
    name,
    eventTypes,
    toJobs: () => Array.from({ length: count }, (_, index) => ({ queue: 'mail', name: 'send-email', data: { index } })),
  };
}

describe('jobsForEvent', () => {
  it('gives a single job the event id itself', () => {
    expect(jobsForEvent(reactorMaking(1), event)).toEqual([
      { queue: 'mail', name: 'send-email', data: { index: 0 }, id: event.id },
    ]);
  });

  it('numbers several jobs of one event, in order, without BullMQ-forbidden colons', () => {
    const ids = jobsForEvent(reactorMaking(3), event).map((job) => job.id);
    expect(ids).toEqual([`${event.id}-1`, `${event.id}-2`, `${event.id}-3`]);
  });

  it('gives the same ids on every delivery', () => {
    expect(jobsForEvent(reactorMaking(2), event)).toEqual(jobsForEvent(reactorMaking(2), event));
  });

  it('makes no job when the reactor asks for none', () => {
    expect(jobsForEvent(reactorMaking(0), event)).toEqual([]);
  });
});

describe('assertDistinctReactors', () => {
  it('accepts reactors on different event types', () => {
    expect(() => assertDistinctReactors([reactorMaking(1, 'a', ['A']), reactorMaking(1, 'b', ['B'])])).not.toThrow();
  });

  it('refuses two reactors on one event type, whose job ids would collide', () => {
    expect(() => assertDistinctReactors([reactorMaking(1, 'a', ['A', 'C']), reactorMaking(1, 'b', ['C'])])).toThrow(
      /C is handled by both a and b/,
    );
  });

  it('refuses two reactors sharing a name, which would share a checkpoint', () => {
    expect(() => assertDistinctReactors([reactorMaking(1, 'a', ['A']), reactorMaking(1, 'a', ['B'])])).toThrow(
      /named a/,
    );
  });

  it('refuses a reactor without event types', () => {
    expect(() => assertDistinctReactors([reactorMaking(1, 'a', [])])).toThrow(/no event types/);
  });
});
