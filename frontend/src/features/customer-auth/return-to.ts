import { returnPathOrNull, type ReturnPath } from '@labshop/contracts/customers/return-paths-commands';

/**
 * Where a shopper goes back to after activating and signing in (registering inside checkout), read from the
 * `returnTo` of a link's query string. Only the shop's own allow-listed pages count: anything else, an
 * absolute or protocol-relative URL included, is ignored, so a crafted link cannot send anyone elsewhere.
 */
export const returnToOf = (search: URLSearchParams): ReturnPath | null => returnPathOrNull(search.get('returnTo'));

/** The sign-in page, carrying the return path when there is one. */
export const signInPathFor = (returnTo: ReturnPath | null): string =>
  returnTo === null ? '/signin' : `/signin?${new URLSearchParams({ returnTo }).toString()}`;

/** Where a successful sign-in leads: back to the return path, else My Account. */
export const afterSignInPath = (returnTo: ReturnPath | null): string => returnTo ?? '/my-account';
