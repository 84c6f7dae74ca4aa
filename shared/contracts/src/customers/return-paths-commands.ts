import { z } from 'zod';

/**
 * Where a shopper may be sent back to after activating and signing in: a fixed list of this shop's own
 * pages, never a URL the request chose (an absolute or protocol-relative URL would make the activation
 * mail an open redirect). The frontend and the API check with the same schema.
 */
export const RETURN_PATHS = ['/order', '/customer-address', '/cartaction/show', '/my-account'] as const;

export type ReturnPath = (typeof RETURN_PATHS)[number];

export const RETURN_PATH_MESSAGE =
  'The return page must be one of this shop\u2019s own pages (such as /order), not another address';

export const isReturnPath = (value: unknown): value is ReturnPath =>
  (RETURN_PATHS as readonly unknown[]).includes(value);

export const returnPath = z.enum(RETURN_PATHS, { error: RETURN_PATH_MESSAGE });

/** The return path of a link's query string, or null when it is missing or not one of ours. */
export const returnPathOrNull = (value: string | null | undefined): ReturnPath | null =>
  isReturnPath(value) ? value : null;
