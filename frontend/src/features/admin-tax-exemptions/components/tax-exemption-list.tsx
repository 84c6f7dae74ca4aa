import { useState } from 'react';
import type { z } from 'zod';
import { rejectTaxExemptionInput } from '@labshop/contracts/tax/exemptions-commands';
import type { AdminTaxExemptionView } from '@labshop/contracts/tax/exemptions-queries';
import { stateName } from '@labshop/contracts/us-states';
import { formatBusinessTime } from '@labshop/contracts/dates';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-state/page-state.tsx';
import { useCommandForm } from '@/hooks/use-command-form.ts';
import { ApiError } from '@/lib/api-client.ts';
import { TextField } from '@/components/text-field/text-field.tsx';
import { useToast } from '@/components/toast/toast-provider.tsx';
import { useAdminToken } from '@/lib/admin-session.ts';
import { downloadPdf } from '@/lib/download-pdf.ts';
import { useAdminTaxExemptions, useDecideTaxExemption, type TaxExemptionFilter } from '../api/tax-exemptions.ts';

const statusLabel = { 'under-review': 'Under review', verified: 'Verified', rejected: 'Rejected' } as const;

/** The back office's tax exemption certificates: those under review first, each verified or rejected (with a reason) by the admin. */
export function TaxExemptionList() {
  const [filter, setFilter] = useState<TaxExemptionFilter>('under-review');
  const exemptions = useAdminTaxExemptions(filter);
  return (
    <>
      <div className="field">
        <label className="field__label" htmlFor="tax-exemption-filter">
          Show
        </label>
        <select
          id="tax-exemption-filter"
          className="field__input"
          value={filter}
          onChange={(event) => setFilter(event.target.value as TaxExemptionFilter)}
        >
          <option value="under-review">Under review</option>
          <option value="all">All certificates</option>
        </select>
      </div>
      {exemptions.isPending ? (
        <LoadingState>Loading certificates…</LoadingState>
      ) : exemptions.isError ? (
        <ErrorState
          message="The certificates could not be loaded."
          onRetry={() => void exemptions.refetch()}
          retrying={exemptions.isFetching}
        />
      ) : exemptions.data.length === 0 ? (
        <EmptyState>
          {filter === 'under-review'
            ? 'No certificate is waiting for review.'
            : 'No customer has filed a certificate yet.'}
        </EmptyState>
      ) : (
        <ul className="tax-exemption-list">
          {exemptions.data.map((exemption) => (
            <TaxExemptionItem key={exemption.certificateId} exemption={exemption} />
          ))}
        </ul>
      )}
    </>
  );
}

function TaxExemptionItem({ exemption }: { exemption: AdminTaxExemptionView }) {
  const decide = useDecideTaxExemption();
  const toast = useToast();
  const token = useAdminToken();
  const [rejecting, setRejecting] = useState(false);
  const { customerId, certificateId } = exemption;
  const onSettled = { onError: (error: Error) => toast.error(error.message) };

  return (
    <li
      className="tax-exemption-list__item"
      aria-label={`Certificate ${exemption.number} of ${exemption.customerEmail}`}
    >
      <p>
        <strong>{exemption.customerEmail}</strong>: certificate <strong>{exemption.number}</strong> issued by{' '}
        {stateName(exemption.state)}, filed {formatBusinessTime(exemption.filedAt)}.{' '}
        <span className="tax-exemption-list__status">{statusLabel[exemption.status]}</span>
        {exemption.decidedBy ? ` by ${exemption.decidedBy}` : ''}
        {exemption.reason ? `: ${exemption.reason}` : ''}
      </p>
      {exemption.hasDocument && token !== null && (
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() =>
            void downloadPdf(
              `/api/admin/tax-exemptions/${customerId}/certificate.pdf`,
              `certificate-${exemption.number}.pdf`,
              token,
            )
          }
        >
          Download certificate PDF
        </button>
      )}
      {exemption.status === 'under-review' && (
        <div className="tax-exemption-list__actions">
          <button
            type="button"
            className="button button--primary button--small"
            disabled={decide.isPending}
            onClick={() => decide.mutate({ customerId, certificateId, verdict: 'verify' }, onSettled)}
          >
            Verify
          </button>
          {rejecting ? (
            <RejectForm
              certificateId={certificateId}
              busy={decide.isPending}
              reject={(reason) => decide.mutateAsync({ customerId, certificateId, verdict: 'reject', reason })}
            />
          ) : (
            <button type="button" className="button button--secondary button--small" onClick={() => setRejecting(true)}>
              Reject…
            </button>
          )}
        </div>
      )}
    </li>
  );
}

/** Rejecting says why (the customer is shown it), checked with the command's own schema before it is sent. */
interface RejectFormProps {
  certificateId: string;
  /** Verify is on its way: one decision at a time. */
  busy: boolean;
  reject(reason: string): Promise<unknown>;
}

function RejectForm({ certificateId, busy, reject }: RejectFormProps) {
  const toast = useToast();
  const { formRef, field, refuse, onSubmit, submitting } = useCommandForm<
    { reason: string },
    z.output<typeof rejectTaxExemptionInput>
  >({
    schema: rejectTaxExemptionInput,
    defaultValues: { reason: '' },
    toInput: (values) => ({ certificateId, ...values }),
    focusRefused: true,
  });
  const send = onSubmit(async ({ reason }) => {
    try {
      await reject(reason);
    } catch (error) {
      // The reason's message stands beside it; any other refusal (another admin decided first) outlives the form, whose list reloads.
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) refuse(error);
      else toast.error(error instanceof Error ? error.message : String(error));
    }
  });
  return (
    <form ref={formRef} aria-label="Reject the certificate" noValidate onSubmit={(event) => void send(event)}>
      <TextField
        id={`reject-reason-${certificateId}`}
        label="Reason (the customer is shown it)"
        required
        {...field('reason')}
      />
      <button type="submit" className="button button--danger button--small" disabled={submitting || busy}>
        Reject
      </button>
    </form>
  );
}
