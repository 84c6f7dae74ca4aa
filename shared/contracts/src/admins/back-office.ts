import { z } from 'zod';

/**
 * Who may do what in the back office. Each navigation entry and each dashboard tile names the permission it
 * needs, and the back office shows what the signed-in member's permissions (answered by the server's session
 * route) allow. Today there is one role, `admin`, holding every permission; a new role is a line here.
 */
export const backOfficePermissions = [
  'catalogue',
  'orders',
  'finance',
  'inbox',
  'tax-exemptions',
  'content',
  'audit',
] as const;
export type BackOfficePermission = (typeof backOfficePermissions)[number];

export const staffRoles = ['admin'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const permissionsOfRole: Record<StaffRole, readonly BackOfficePermission[]> = {
  admin: backOfficePermissions,
};

/** GET /api/admin/session: the signed-in member as the server knows them. */
export const staffSessionView = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(staffRoles),
  permissions: z.array(z.enum(backOfficePermissions)),
});
export type StaffSession = z.infer<typeof staffSessionView>;

/**
 * What needs attention, each a count of a list the back office shows, filtered by `query`: the server counts with
 * the list's own query parsed from it, and the dashboard links to the list with it as the URL's query string, so
 * a tile's count and the list it opens always agree.
 */
export const attentionTiles = [
  {
    key: 'ordersToConfirm',
    label: 'Orders to confirm',
    permission: 'orders',
    path: '/admin/orders',
    query: { awaiting: 'confirmation' },
  },
  {
    key: 'backorders',
    label: 'Backorders waiting for stock',
    permission: 'orders',
    path: '/admin/orders',
    query: { backorders: 'only' },
  },
  {
    key: 'quotesToPrice',
    label: 'Quotes awaiting a price',
    permission: 'orders',
    path: '/admin/orders',
    query: { status: 'Quote requested' },
  },
  {
    key: 'unansweredMessages',
    label: 'Unanswered messages',
    permission: 'inbox',
    path: '/admin/inbox',
    query: { status: 'new' },
  },
  {
    key: 'certificatesToReview',
    label: 'Certificates to review',
    permission: 'tax-exemptions',
    path: '/admin/tax-exemptions',
    query: { status: 'under-review' },
  },
] as const satisfies readonly {
  key: string;
  label: string;
  permission: BackOfficePermission;
  path: string;
  query: Record<string, string>;
}[];
export type AttentionTile = (typeof attentionTiles)[number];
export type AttentionKey = AttentionTile['key'];

const attentionKeys = attentionTiles.map((tile) => tile.key) as [AttentionKey, ...AttentionKey[]];

/** Booked sales (the finance ledger's booked standing: order total with shipping and tax) placed in a New York period. */
const salesFigure = z.object({
  totalCents: z.number().int(),
  orders: z.number().int(),
  from: z.string().describe('First New York day of the period (YYYY-MM-DD)'),
  to: z.string().describe('Last New York day of the period (YYYY-MM-DD), included'),
});

/** GET /api/admin/dashboard */
export const dashboardView = z.object({
  attention: z.array(z.object({ key: z.enum(attentionKeys), count: z.number().int() })),
  sales: z.object({
    today: salesFigure,
    thisMonth: salesFigure.describe('From the first of the month to today'),
    lastMonth: salesFigure.describe('The whole previous month'),
  }),
});
export type DashboardView = z.infer<typeof dashboardView>;
export type SalesFigure = z.infer<typeof salesFigure>;
