import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { authMessages, serverMessageOr } from './messages.ts';

describe('customer auth messages', () => {
  it("shows a refusal the server explained (4xx) in the server's words", () => {
    expect(
      serverMessageOr(new ApiError(409, 'Conflict', 'Email already registered!'), authMessages.registrationFailed),
    ).toBe('Email already registered!');
    expect(
      serverMessageOr(new ApiError(401, 'Unauthorized', 'Invalid email or password'), authMessages.signInFailed),
    ).toBe('Invalid email or password');
    expect(serverMessageOr(new ApiError(400, 'BadRequest', 'This link has expired.'), 'fallback')).toBe(
      'This link has expired.',
    );
  });

  it('falls back when the failure is not an explained refusal (network, outage, bug)', () => {
    expect(
      serverMessageOr(new ApiError(0, 'NetworkError', 'Could not reach the server.'), authMessages.registrationFailed),
    ).toBe('Registration failed. Please try again.');
    expect(
      serverMessageOr(new ApiError(500, 'InternalServerError', 'Something went wrong'), authMessages.signInFailed),
    ).toBe('An error occurred. Please try again.');
    expect(serverMessageOr(new Error('boom'), 'fallback')).toBe('fallback');
  });
});
