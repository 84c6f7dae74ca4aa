import { describe, expect, it } from 'vitest';
import { afterSignInPath, returnToOf, signInPathFor } from './return-to.ts';

describe('return path after activation and sign-in', () => {
  it('keeps an allow-listed shop page through activation and sign-in', () => {
    const returnTo = returnToOf(new URLSearchParams('token=t&email=a%40b.c&returnTo=%2Forder'));
    expect(returnTo).toBe('/order');
    expect(signInPathFor(returnTo)).toBe('/signin?returnTo=%2Forder');
    expect(returnToOf(new URLSearchParams(signInPathFor(returnTo).split('?')[1]))).toBe('/order');
    expect(afterSignInPath(returnTo)).toBe('/order');
  });

  it.each(['https://evil.example/order', '//evil.example', '/order?x=1', '/admin', 'javascript:alert(1)', ''])(
    'ignores %j and falls back to the plain sign-in and My Account',
    (value) => {
      const returnTo = returnToOf(new URLSearchParams({ returnTo: value }));
      expect(returnTo).toBeNull();
      expect(signInPathFor(returnTo)).toBe('/signin');
      expect(afterSignInPath(returnTo)).toBe('/my-account');
    },
  );

  it('without a return path, sign-in leads to My Account', () => {
    expect(afterSignInPath(returnToOf(new URLSearchParams('token=t')))).toBe('/my-account');
  });
});
