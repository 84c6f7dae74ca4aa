import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { registrationFailure, serverMessageOr, signInFailure } from './messages.ts';

describe('customer auth messages', () => {
  it("reads a duplicate email as 'Email already registered!'", () => {
    expect(registrationFailure(new ApiError(409, 'Conflict', 'Email already registered!'))).toBe('Email already registered!');
    expect(registrationFailure(new ApiError(400, 'BadRequest', 'Email already exists'))).toBe('Email already registered!');
    expect(registrationFailure(new ApiError(0, 'NetworkError', 'Could not reach the server.'))).toBe('Registration failed. Please try again.');
  });

  it("answers any 401 at sign-in with 'Invalid email or password', and otherwise the server's words", () => {
    expect(signInFailure(new ApiError(401, 'Unauthorized', 'anything'))).toBe('Invalid email or password');
    expect(signInFailure(new ApiError(403, 'Forbidden', 'Please activate your account first.'))).toBe('Please activate your account first.');
    expect(signInFailure(new ApiError(500, 'InternalServerError', 'Something went wrong'))).toBe('An error occurred. Please try again.');
  });

  it('falls back when the failure is not an explained refusal', () => {
    expect(serverMessageOr(new Error('boom'), 'fallback')).toBe('fallback');
    expect(serverMessageOr(new ApiError(400, 'BadRequest', 'This link has expired.'), 'fallback')).toBe('This link has expired.');
  });
});
