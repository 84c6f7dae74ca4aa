import { useState } from 'react';
import { ERASED_CUSTOMER } from '@labshop/contracts/orders/erased-customer';
import { Dialog } from '@/components/dialog/dialog.tsx';
import { ErasureStatementText } from '@/components/erasure-statement/erasure-statement.tsx';
import { useToast } from '@/components/toast/toast-provider.tsx';
import { useEraseCustomer } from '../api/erase-customer.ts';

/**
 * The customer of an order, and erasing them (a privacy request) behind a confirmation that says exactly
 * what becomes unreadable and what stays (the server's statement, as the privacy policy shows it).
 */
export function OrderCustomer({ customer }: { customer: { id: string; email: string } }) {
  const [confirming, setConfirming] = useState(false);
  const erase = useEraseCustomer();
  const toast = useToast();
  if (customer.email === ERASED_CUSTOMER.email) return <>{ERASED_CUSTOMER.name}</>;

  const close = () => {
    setConfirming(false);
    erase.reset();
  };
  const confirm = () =>
    erase.mutate(customer.id, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(`${customer.email} was erased.`);
      },
    });

  return (
    <>
      {customer.email}{' '}
      <button type="button" className="button button--secondary button--small" onClick={() => setConfirming(true)}>
        Erase customer…
      </button>
      <Dialog open={confirming} title="Erase this customer?" onClose={close}>
        <p>
          <strong>{customer.email}</strong> asked to be forgotten.
        </p>
        <ErasureStatementText erasedHeading="Erasing them:" retainedHeading="What stays:" />
        <p>This cannot be undone.</p>
        {erase.error !== null && (
          <p className="field__error" role="alert">
            The customer could not be erased. {erase.error.message}
          </p>
        )}
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={close}>
            Cancel
          </button>
          <button type="button" className="button button--danger" onClick={confirm} disabled={erase.isPending}>
            {erase.isPending ? 'Erasing…' : 'Erase customer'}
          </button>
        </div>
      </Dialog>
    </>
  );
}
