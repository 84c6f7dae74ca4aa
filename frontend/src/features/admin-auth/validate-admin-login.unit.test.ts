import { describe, expect, it } from 'vitest';
import { validateAdminLogin } from './validate-admin-login.ts';

describe('validateAdminLogin', () => {
  it('accepts a well-formed email and a six-character password', () => {
    expect(validateAdminLogin({ email: ' admin@labshop.test ', password: 'secret' })).toEqual({});
  });

  it("reports both fields with the server's wording", () => {
    expect(validateAdminLogin({ email: 'admin@labshop', password: 'five5' })).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters',
    });
  });

  it('names the first problem of each field only', () => {
    expect(validateAdminLogin({ email: '', password: '' })).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password is required',
    });
  });
});
