import { ApiError } from '@labshop/shared/http/api-error';

/** The ApiError a decider refused a command with; fails the test when the command was accepted. */
export function refusal(action: () => unknown): ApiError {
  try {
    action();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the command to be refused');
}
