import { DomainError } from '@labshop/shared/domain-error';

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
