import { useState } from 'react';
import {
  fileTaxExemptionInput,
  taxExemptionMessages,
  type FileTaxExemptionInput,
} from '@labshop/contracts/tax/exemptions-commands';
import { TAX_EXEMPTION_RULE } from '@labshop/contracts/orders/tax-exemption';
import type { TaxExemptionView } from '@labshop/contracts/tax/exemptions-queries';
import { stateName } from '@labshop/contracts/us-states';
import { TextField } from '@/components/text-field/text-field.tsx';
import { ErrorState, LoadingState } from '@/components/page-state/page-state.tsx';
import { FormError } from '@/components/form-error/form-error.tsx';
import { useCommandForm } from '@/hooks/use-command-form.ts';
import { useTaxExemption } from '@/lib/tax-exemption.ts';
import { useFileTaxExemption } from '../api/file-tax-exemption.ts';
import { StateOptions } from '@/components/state-options/state-options.tsx';

const statusWords: Record<TaxExemptionView['status'], string> = {
  'under-review': 'Under review: orders are charged sales tax until our staff have verified it.',
  verified: 'Verified: orders shipped to this state are charged no sales tax.',
  rejected: 'Not accepted: orders are charged sales tax. You can file another certificate below.',
};

/** The bytes of a picked file as base64 (the API takes the PDF inside its JSON body). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let offset = 0; offset < bytes.length; offset += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  return btoa(binary);
}

/** What the inputs hold: the state's code and the number as typed; the PDF's base64 is added when it is sent. */
type CertificateDraft = { state: string; number: string; pdfBase64?: string };

/** My Account's tax exemption: the certificate on file and its review, and the form to file one (state, number, optional PDF). */
export function TaxExemption() {
  const exemption = useTaxExemption();
  const file = useFileTaxExemption();
  // The PDF is picked as a file and sent as base64 inside the body; the schema checks the base64 the form would send.
  const [pdf, setPdf] = useState<File | null>(null);
  const [filed, setFiled] = useState(false);
  const { form, formRef, field, errorOf, formError, refuse, onSubmit, submitting } = useCommandForm<
    CertificateDraft,
    FileTaxExemptionInput
  >({
    schema: fileTaxExemptionInput,
    defaultValues: { state: '', number: '' },
    focusRefused: true,
  });

  const send = onSubmit(
    async (input) => {
      setFiled(false);
      if (pdf && pdf.type !== 'application/pdf' && !pdf.name.toLowerCase().endsWith('.pdf'))
        return form.setError('pdfBase64', { type: 'validate', message: taxExemptionMessages.notPdf });
      try {
        await file.mutateAsync({ ...input, ...(pdf && { pdfBase64: await base64Of(pdf) }) });
        setFiled(true);
      } catch (error) {
        refuse(error);
      }
    },
    () => setFiled(false),
  );
  const { error: stateError, ...state } = field('state');
  const pdfError = errorOf('pdfBase64');

  return (
    <section className="account-data" aria-labelledby="tax-exemption-heading">
      <h2 id="tax-exemption-heading">Tax exemption</h2>
      <p>{TAX_EXEMPTION_RULE}</p>
      {exemption.isPending ? (
        <LoadingState>Loading your certificate…</LoadingState>
      ) : exemption.isError ? (
        <ErrorState
          message="Your certificate could not be loaded."
          onRetry={() => void exemption.refetch()}
          retrying={exemption.isFetching}
        />
      ) : exemption.data ? (
        <p data-testid="tax-exemption-status">
          Certificate <strong>{exemption.data.number}</strong> ({stateName(exemption.data.state)}
          {exemption.data.hasDocument ? ', PDF attached' : ''}): {statusWords[exemption.data.status]}
          {exemption.data.status === 'rejected' && exemption.data.reason ? ` Reason: ${exemption.data.reason}` : ''}
        </p>
      ) : (
        <p data-testid="tax-exemption-status">No certificate on file: orders are charged sales tax.</p>
      )}
      <form ref={formRef} className="tax-exemption-form" noValidate onSubmit={(event) => void send(event)}>
        <FormError message={formError} />
        <div className="field">
          <label className="field__label" htmlFor="tax-exemption-state">
            Issuing state<span aria-hidden="true"> *</span>
          </label>
          <select
            id="tax-exemption-state"
            className="field__input"
            aria-required
            {...state}
            aria-invalid={stateError !== undefined}
            aria-describedby={stateError === undefined ? undefined : 'tax-exemption-state-error'}
          >
            <StateOptions />
          </select>
          {stateError !== undefined && (
            <p id="tax-exemption-state-error" className="field__error">
              {stateError}
            </p>
          )}
        </div>
        <TextField
          id="tax-exemption-number"
          label="Certificate number"
          required
          autoComplete="off"
          {...field('number')}
        />
        <div className="field">
          <label className="field__label" htmlFor="tax-exemption-pdf">
            Certificate PDF (optional, up to 5 MB)
          </label>
          <input
            id="tax-exemption-pdf"
            className="field__input"
            type="file"
            accept="application/pdf,.pdf"
            onChange={(event) => {
              setPdf(event.target.files?.[0] ?? null);
              form.clearErrors('pdfBase64');
            }}
            aria-invalid={pdfError !== undefined}
            aria-describedby={pdfError === undefined ? undefined : 'tax-exemption-pdf-error'}
          />
          {pdfError !== undefined && (
            <p id="tax-exemption-pdf-error" className="field__error">
              {pdfError}
            </p>
          )}
        </div>
        {filed && <p role="status">Certificate filed. We will review it; until then orders are charged sales tax.</p>}
        <button type="submit" className="button button--secondary" disabled={submitting}>
          {submitting ? 'Filing…' : exemption.data ? 'File a new certificate' : 'File certificate'}
        </button>
      </form>
    </section>
  );
}
