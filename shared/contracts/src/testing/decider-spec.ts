import { expect } from 'vitest';
import { DomainError, type DomainErrorCode } from '../domain-error.ts';
import type { Decider } from '../decider.ts';

/** The DomainError a decider refused a command with; fails the test when the command was accepted. */
export function refusal(action: () => unknown): DomainError {
  try {
    action();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected the command to be refused');
}

/**
 * Given/when/then for a decider (as Emmett's DeciderSpecification): the state is folded from the given
 * events with the decider's own `evolve`, so a test states history, not state.
 *
 *   spec(orderDecider).given([placed]).when(submit).then([submitted]);
 *   spec(orderDecider).given([]).when(submit).thenThrows('not_found');
 */
export function spec<State, Command, Event extends { type: string; data: unknown }>(
  decider: Decider<State, Command, Event>,
) {
  return {
    given(events: readonly Event[]) {
      const state = () => events.reduce(decider.evolve, decider.initialState());
      return {
        /** The state the events fold to, for assertions on what a decision was made from. */
        state,
        when(command: Command) {
          const decide = () => decider.decide(command, state());
          return {
            /** The events decided; `[]`: the command changes nothing (a retry, a duplicate). */
            then: (expected: readonly Event[]) => expect(decide()).toEqual(expected),
            /** The refusal's code, and its message, fields or details where given. */
            thenThrows: (
              code: DomainErrorCode,
              expected: Partial<Pick<DomainError, 'kind' | 'message' | 'fields' | 'details'>> = {},
            ) => expect(refusal(decide)).toMatchObject({ code, ...expected }),
            /** The events decided, for assertions of their own. */
            events: decide,
            /** The refusal, for assertions of their own. */
            refusal: () => refusal(decide),
          };
        },
      };
    },
  };
}
