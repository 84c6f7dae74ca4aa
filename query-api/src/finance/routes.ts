import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TokenService } from '@labshop/platform/auth/tokens';
import type { EventStore } from '@labshop/platform/event-store/port';
import { ledgerCsv } from '@labshop/contracts/finance/ledger-format';
import { latestRows } from '@labshop/contracts/finance/ledger';
import { replayLedger } from '@labshop/platform/finance/replay-ledger';
import { ApiError } from '@labshop/platform/http/api-error';
import { requireRole } from '@labshop/platform/http/auth-guard';
import { errors } from '@labshop/platform/http/schemas';
import { financeLedger, ledgerQuery, parseAsOf } from '@labshop/contracts/finance/queries';

export interface FinanceQueryDeps {
  eventStore: EventStore;
  tokens: TokenService;
  /** The live ledger's moment when no `asOf` is asked for, and the latest one can be asked for. */
  now: () => Date;
}

/**
 * The back office's finance ledger as of any moment, replayed from the event store on each request (the
 * same `replayLedger` as `npm run finance -- ledger`), never from a read model. Admins only.
 */
export const financeQueries: FastifyPluginAsyncZod<FinanceQueryDeps> = async (app, { eventStore, tokens, now }) => {
  app.get(
    '/api/admin/finance/ledger',
    {
      onRequest: requireRole(tokens, 'admin'),
      schema: {
        tags: ['finance', 'admin'],
        security: [{ bearer: [] }],
        summary:
          'The finance ledger as of a moment (now without asOf), replayed from the event store; format=csv answers it as a CSV download',
        querystring: ledgerQuery,
        response: {
          200: financeLedger.or(
            z.string().describe('With format=csv: the same ledger as CSV (text/csv), sections apart by an empty line'),
          ),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { asOf: asked, format, rows } = request.query;
      const moment = asked === undefined ? { asOf: now() } : parseAsOf(asked, now());
      if ('problem' in moment) throw new ApiError('BadRequest', moment.problem, { asOf: moment.problem });
      const ledger = await replayLedger(eventStore, moment.asOf);
      if (format === 'json') return rows === undefined ? ledger : latestRows(ledger, rows);
      const fileName = `ledger-${ledger.asOf.replaceAll(':', '-')}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(ledgerCsv(ledger));
    },
  );
};
