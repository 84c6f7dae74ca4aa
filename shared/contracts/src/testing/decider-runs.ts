import { expect } from 'vitest';
import { DomainError } from '../domain-error.ts';
import type { Decider } from '../decider.ts';

/**
 * fast-check's settings for the deciders' properties: a fixed seed, so every run tries the same cases and a
 * failure (fast-check prints its counterexample, seed and path) comes back on the next run; enough runs to
 * reach the rare paths, few enough for well under 2 s a property.
 */
export const propertyRuns = { seed: 38, numRuns: 100 } as const;

/**
 * Runs commands through a decider as handleCommand does: each is decided on the stream's state so far (frozen:
 * a decision never changes it) and what it decides is appended; a refused one (a DomainError, nothing else)
 * appends nothing. A command is built from the state it is decided on (e.g. the version the client saw).
 * After each command, `check` gets the state and the whole stream; at the end, the state must be what the
 * stream folds to from its start as it comes back from the store (JSON): the fold a read model or a later
 * command makes of it.
 */
export function runCommands<State, Command, Event extends { type: string; data: unknown }>(
  decider: Decider<State, Command, Event>,
  commands: Iterable<(state: State) => Command>,
  check: (state: State, stream: readonly Event[]) => void,
): { stream: Event[]; state: State } {
  const stream: Event[] = [];
  let state = deepFreeze(decider.initialState());
  for (const commandOn of commands) {
    let events: Event[] = [];
    try {
      events = decider.decide(commandOn(state), state);
    } catch (error) {
      // A decision that changed its state (frozen) throws a TypeError here, not a refusal.
      if (!(error instanceof DomainError)) throw error;
    }
    stream.push(...events);
    state = deepFreeze(events.reduce(decider.evolve, state));
    check(state, stream);
  }
  const stored = JSON.parse(JSON.stringify(stream)) as Event[];
  expect(state, 'the state decided on is the fold of the stream as stored').toEqual(
    stored.reduce(decider.evolve, decider.initialState()),
  );
  return { stream, state };
}

/** Freezes what is not frozen yet (a state shares most of itself with the one before, which is). */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
