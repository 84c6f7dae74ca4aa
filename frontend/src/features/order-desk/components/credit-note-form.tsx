import { useState, type FormEvent } from 'react';
import { formatUsd, parseDollars } from '@labshop/shared/money';
import { issueCreditNoteInput } from '@labshop/shared/commands/order-desk';
import { creditableCents } from '@labshop/shared/orders/desk-rules';
import { TextField } from '@/components/text-field/text-field.tsx';
import { useToast } from '@/components/toast/toast-provider.tsx';
import { ApiError } from '@/lib/api-client.ts';
import type { DeskOrder } from '../api/get-desk-order.ts';
import { useIssueCreditNote } from '../api/quote-and-credit.ts';

const amountMessage = 'Amount must be an amount in dollars, e.g. 12.50';

/**
 * 'Issue credit note' for an invoiced order: an amount (at most what is left to credit) and a reason. The
 * invoice stays as issued; the workers render the note's PDF and mail it to the customer.
 */
export function CreditNoteForm({ order }: { order: DeskOrder }) {
  const issue = useIssueCreditNote();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const left = creditableCents(order);
  if (left <= 0) return null;

  const amountCents = parseDollars(amount);
  const checked = issueCreditNoteInput.safeParse({ amountCents: amountCents ?? 0, reason });
  const schemaErrors: Record<string, string> = {};
  if (!checked.success) for (const issue of checked.error.issues) schemaErrors[String(issue.path[0])] ??= issue.message;
  const serverFields = issue.error instanceof ApiError ? issue.error.fields : {};
  const amountError = (submitted ? (amountCents === null ? amountMessage : schemaErrors.amountCents) : undefined) ?? serverFields.amountCents;
  const reasonError = (submitted ? schemaErrors.reason : undefined) ?? serverFields.reason;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setRefusal(null);
    if (amountCents === null || !checked.success) return;
    issue.mutate(
      { orderId: order.orderId, amountCents, reason: reason.trim(), expectedVersion: order.version },
      {
        onSuccess: () => {
          toast.success('Credit note issued: its PDF is on its way to the customer.');
          setOpen(false);
          setAmount('');
          setReason('');
          setSubmitted(false);
        },
        onError: (error) => {
          if (!(error instanceof ApiError) || Object.keys(error.fields).length === 0) setRefusal(error.message);
        },
      },
    );
  };

  if (!open) {
    return (
      <button type="button" className="button button--secondary button--small" onClick={() => setOpen(true)} aria-expanded={false}>
        Issue credit note
      </button>
    );
  }
  return (
    <form className="desk-action-form" aria-label="Issue credit note" onSubmit={submit} noValidate>
      {refusal !== null && (
        <p className="banner banner--error" role="alert">
          {refusal}
        </p>
      )}
      <TextField label="Amount (USD)" required inputMode="decimal" hint={`Up to ${formatUsd(left)} is left to credit on the invoice.`} value={amount} onChange={(event) => setAmount(event.target.value)} error={amountError} autoComplete="off" autoFocus />
      <TextField label="Reason" required hint="The customer reads it on the credit note and in its email." value={reason} onChange={(event) => setReason(event.target.value)} error={reasonError} autoComplete="off" />
      <div className="desk-action-form__buttons">
        <button type="submit" className="button button--primary" disabled={issue.isPending}>
          {issue.isPending ? 'Issuing…' : 'Issue credit note'}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setOpen(false)} disabled={issue.isPending}>
          Back
        </button>
      </div>
    </form>
  );
}
