import { useState, type FormEvent } from 'react';
import { fieldMessages } from '@labshop/contracts/customers/commands';
import { fileTaxExemptionInput } from '@labshop/contracts/tax/exemptions-commands';
import { TAX_EXEMPTION_RULE } from '@labshop/contracts/orders/tax-exemption';
import type { TaxExemptionView } from '@labshop/contracts/tax/exemptions-queries';
import { stateName } from '@labshop/contracts/us-states';
import { TextField } from '@/components/text-field/text-field.tsx';
import { ErrorState, LoadingState } from '@/components/page-state/page-state.tsx';
import { ApiError } from '@/lib/api-client.ts';
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

/** My Account's tax exemption: the certificate on file and its review, and the form to file one (state, number, optional PDF). */
export function TaxExemption() {
  const exemption = useTaxExemption();
  const file = useFileTaxExemption();
  const [state, setState] = useState('');
  const [number, setNumber] = useState('');
  const [pdf, setPdf] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [filed, setFiled] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFiled(false);
    const parsed = fileTaxExemptionInput.safeParse({ state, number });
    if (!parsed.success) return setErrors(fieldMessages(parsed.error));
    if (pdf && pdf.type !== 'application/pdf' && !pdf.name.toLowerCase().endsWith('.pdf'))
      return setErrors({ pdfBase64: 'The certificate must be a PDF file' });
    setErrors({});
    file.mutate(
      { ...parsed.data, ...(pdf && { pdfBase64: await base64Of(pdf) }) },
      {
        onSuccess: () => setFiled(true),
        onError: (error) =>
          setErrors(
            error instanceof ApiError && Object.keys(error.fields).length > 0 ? error.fields : { form: error.message },
          ),
      },
    );
  };

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
      <form className="tax-exemption-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <div className="field">
          <label className="field__label" htmlFor="tax-exemption-state">
            Issuing state<span aria-hidden="true"> *</span>
          </label>
          <select
            id="tax-exemption-state"
            className="field__input"
            aria-required
            value={state}
            onChange={(event) => setState(event.target.value)}
            aria-invalid={errors.state !== undefined}
            aria-describedby={errors.state === undefined ? undefined : 'tax-exemption-state-error'}
          >
            <StateOptions />
          </select>
          {errors.state !== undefined && (
            <p id="tax-exemption-state-error" className="field__error">
              {errors.state}
            </p>
          )}
        </div>
        <TextField
          id="tax-exemption-number"
          label="Certificate number"
          required
          autoComplete="off"
          value={number}
          onChange={(event) => setNumber(event.target.value)}
          error={errors.number}
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
            onChange={(event) => setPdf(event.target.files?.[0] ?? null)}
            aria-invalid={errors.pdfBase64 !== undefined}
            aria-describedby={errors.pdfBase64 === undefined ? undefined : 'tax-exemption-pdf-error'}
          />
          {errors.pdfBase64 !== undefined && (
            <p id="tax-exemption-pdf-error" className="field__error">
              {errors.pdfBase64}
            </p>
          )}
        </div>
        {errors.form !== undefined && (
          <p className="field__error" role="alert">
            {errors.form}
          </p>
        )}
        {filed && <p role="status">Certificate filed. We will review it; until then orders are charged sales tax.</p>}
        <button type="submit" className="button button--secondary" disabled={file.isPending}>
          {file.isPending ? 'Filing…' : exemption.data ? 'File a new certificate' : 'File certificate'}
        </button>
      </form>
    </section>
  );
}
