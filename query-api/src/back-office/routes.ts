import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TokenService } from '@labshop/platform/auth/tokens';
import { actorOf, requireRole } from '@labshop/platform/http/auth-guard';
import { errors } from '@labshop/platform/http/schemas';
import type { Query } from '@labshop/platform/read-store/port';
import {
  attentionTiles,
  dashboardView,
  permissionsOfRole,
  staffSessionView,
  type AttentionTile,
  type SalesFigure,
  type StaffRole,
} from '@labshop/contracts/admins/back-office';
import { addDays, businessDay, businessDayEnd, businessDayStart } from '@labshop/contracts/orders/business-day';
import { orderDeskListQuery, orderDeskReadModel } from '@labshop/contracts/orders/desk-queries';
import { orderStatuses } from '@labshop/contracts/orders/queries';
import { sumCents } from '@labshop/contracts/money';
import { standingOf } from '@labshop/contracts/finance/ledger';
import { inboxListQuery, inboxReadModel } from '@labshop/contracts/inbox/queries';
import { adminTaxExemptionsQuery, taxExemptionsReadModel } from '@labshop/contracts/tax/exemptions-queries';
import type { ReadModels } from '../read-models.ts';
import { deskFilterOf } from '../order-desk/desk-filter.ts';
import { inboxFilterOf } from '../inbox/routes.ts';
import { taxExemptionFilterOf } from '../tax-exemptions/routes.ts';

export interface BackOfficeQueryDeps {
  readModels: ReadModels;
  tokens: TokenService;
  now: () => Date;
}

/** The member's role: today every staff token is an admin's. */
const STAFF_ROLE: StaffRole = 'admin';

/** The statuses the finance ledger books as sales (whatever a quote's expiry, which only quotes not booked have). */
const bookedStatuses = orderStatuses.filter((status) => standingOf({ status, quote: null }, 0) === 'booked');

/**
 * Each tile counted by its list's own filter, parsed from the query the dashboard links to with: the count and
 * the list it opens cannot disagree.
 */
function tileCounter(readModels: ReadModels) {
  const countIn = async (readModel: Parameters<ReadModels['collection']>[0], query: Pick<Query, 'where' | 'text'>) =>
    (await (await readModels.collection(readModel))?.count(query)) ?? 0;
  return (tile: AttentionTile): Promise<number> => {
    switch (tile.path) {
      case '/admin/orders':
        return countIn(orderDeskReadModel, deskFilterOf(orderDeskListQuery.parse(tile.query)));
      case '/admin/inbox':
        return countIn(inboxReadModel, inboxFilterOf(inboxListQuery.parse(tile.query)));
      case '/admin/tax-exemptions':
        return countIn(taxExemptionsReadModel, taxExemptionFilterOf(adminTaxExemptionsQuery.parse(tile.query)));
    }
  };
}

/** The back office's own reads: who is signed in, and what needs their attention. Staff only. */
export const backOfficeQueries: FastifyPluginAsyncZod<BackOfficeQueryDeps> = async (
  app,
  { readModels, tokens, now },
) => {
  const docs = { tags: ['back office'], security: [{ bearer: [] }] };
  const countTile = tileCounter(readModels);

  app.get(
    '/api/admin/session',
    {
      onRequest: requireRole(tokens, 'admin'),
      schema: {
        ...docs,
        summary: 'The signed-in member: email, role and the permissions the role grants (what the back office shows)',
        response: { 200: staffSessionView, ...errors(401, 403) },
      },
    },
    async (request) => {
      const { id, email } = actorOf(request);
      return { id, email, role: STAFF_ROLE, permissions: [...permissionsOfRole[STAFF_ROLE]] };
    },
  );

  app.get(
    '/api/admin/dashboard',
    {
      config: { readModels: [orderDeskReadModel, inboxReadModel, taxExemptionsReadModel] },
      onRequest: requireRole(tokens, 'admin'),
      schema: {
        ...docs,
        summary:
          "What needs attention (each a count of the list it links to, by that list's own filter) and booked sales today, this month and last month (New York days)",
        response: { 200: dashboardView, ...errors(401, 403) },
      },
    },
    async () => {
      const permissions: readonly string[] = permissionsOfRole[STAFF_ROLE];
      const tiles = attentionTiles.filter((tile) => permissions.includes(tile.permission));
      const today = businessDay(now());
      const monthStart = `${today.slice(0, 7)}-01`;
      const lastMonthStart = `${addDays(monthStart, -1).slice(0, 7)}-01`;
      const desk = await readModels.collection(orderDeskReadModel);
      const salesBetween = async (from: string, to: string): Promise<SalesFigure> => {
        const booked =
          (await desk?.find({
            where: {
              'order.status': { $in: bookedStatuses },
              'order.placedAt': {
                $gte: businessDayStart(from).toISOString(),
                $lt: businessDayEnd(to).toISOString(),
              },
            },
          })) ?? [];
        return {
          totalCents: sumCents(booked, (entry) => entry.order.totalCents),
          orders: booked.length,
          from,
          to,
        };
      };
      const [counts, todays, thisMonth, lastMonth] = await Promise.all([
        Promise.all(tiles.map(countTile)),
        salesBetween(today, today),
        salesBetween(monthStart, today),
        salesBetween(lastMonthStart, addDays(monthStart, -1)),
      ]);
      return {
        attention: tiles.map(({ key }, index) => ({ key, count: counts[index]! })),
        sales: { today: todays, thisMonth, lastMonth },
      };
    },
  );
};
