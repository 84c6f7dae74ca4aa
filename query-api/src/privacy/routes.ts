import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { erasureStatement } from '@labshop/contracts/orders/erasure-statement';

const claim = z.object({ id: z.string(), text: z.string() });
const erasureStatementResponse = z.object({
  retentionYears: z.number().int(),
  erased: z.array(claim),
  retained: z.array(claim),
});

/**
 * What erasing a customer does and what stays, with the shop's retention period (LEGAL_RETENTION_YEARS):
 * public, as the privacy policy states it; the back office's erase dialog shows the same words.
 */
export const privacyQueries: FastifyPluginAsyncZod<{ legalRetentionYears: number }> = async (
  app,
  { legalRetentionYears },
) => {
  app.get(
    '/api/privacy/erasure',
    {
      schema: {
        tags: ['customer account'],
        summary:
          'What erasing a customer makes unreadable and what stays (invoices and credit notes for the retention period), as the privacy policy and the erase dialog say it',
        response: { 200: erasureStatementResponse },
      },
    },
    async () => erasureStatement(legalRetentionYears),
  );
};
