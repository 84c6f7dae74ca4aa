import { useState } from 'react';
import { formatUsd, parseDollars } from '@labshop/contracts/money';
import { issueCreditNoteInput, type IssueCreditNoteInput } from '@labshop/contracts/orders/desk-commands';
import { creditableCents } from '@labshop/contracts/orders/desk-rules';
import { TextField } from '@/components/text-field/text-field.tsx';
import { useToast } from '@/components/toast/toast-provider.tsx';
import { useCommandForm } from '@/hooks/use-command-form.ts';
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
  // The command's schema: its messages appear once a submit was tried, then follow the typing.
  const { form, field, formError, refuse, onSubmit, submitting } = useCommandForm<
    { amount: string; reason: string },
    IssueCreditNoteInput
  >({
    schema: issueCreditNoteInput,
    toInput: ({ amount, reason }) => ({
      expectedVersion: order.version,
      amountCents: parseDollars(amount) ?? Number.NaN,
      reason,
    }),
    defaultValues: { amount: '', reason: '' },
  });
  const left = creditableCents(order);
  if (left <= 0) return null;

  const submit = onSubmit(
    async (input) => {
      try {
        await issue.mutateAsync({ orderId: order.orderId, ...input });
        toast.success('Credit note issued: its PDF is on its way to the customer.');
        setOpen(false);
        form.reset();
      } catch (error) {
        refuse(error);
      }
    },
    () => {
      // Text that is no dollar amount never reaches the server: the form says what it expects.
      if (parseDollars(form.getValues('amount')) === null)
        form.setError('amountCents' as 'amount', { type: 'format', message: amountMessage });
    },
  );

  if (!open) {
    return (
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => setOpen(true)}
        aria-expanded={false}
      >
        Issue credit note
      </button>
    );
  }
  return (
    <form className="desk-action-form" aria-label="Issue credit note" onSubmit={submit} noValidate>
      {formError !== null && (
        <p className="banner banner--error" role="alert">
          {formError}
        </p>
      )}
      <TextField
        label="Amount (USD)"
        required
        inputMode="decimal"
        hint={`Up to ${formatUsd(left)} is left to credit on the invoice.`}
        {...field('amount', 'amountCents')}
        autoComplete="off"
        autoFocus
      />
      <TextField
        label="Reason"
        required
        hint="The customer reads it on the credit note and in its email."
        {...field('reason')}
        autoComplete="off"
      />
      <div className="desk-action-form__buttons">
        <button type="submit" className="button button--primary" disabled={submitting}>
          {submitting ? 'Issuing…' : 'Issue credit note'}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setOpen(false)} disabled={submitting}>
          Back
        </button>
      </div>
    </form>
  );
}
