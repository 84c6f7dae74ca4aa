import { useRef, useState } from 'react';
import { useToast } from '@/components/toast/toast-provider.tsx';
import { ApiError } from '@/lib/api-client.ts';
import type { DeskOrderDetail } from '../api/get-desk-order.ts';
import { useMoveOrder } from '../api/move-order.ts';
import { deskActionSpecFor, offeredActions, type DeskAction } from '../desk-actions.ts';
import { ActionForm } from './action-form.tsx';

/**
 * The moves the order's current state allows. A move that needs facts (carrier and
 * tracking number, a reason) opens its form first. A refusal shows the server's message and the page
 * reads the order again, since a 409 usually means someone else moved it meanwhile.
 */
export function OrderActions({ detail }: { detail: DeskOrderDetail }) {
  const { order } = detail;
  const allowed = offeredActions(order);
  const move = useMoveOrder();
  const toast = useToast();
  const [open, setOpen] = useState<DeskAction | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const specOf = (action: DeskAction) => deskActionSpecFor(action, detail.kind);

  const send = (action: DeskAction, fields?: Record<string, string>) => {
    setRefusal(null);
    move.mutate(
      { orderId: order.orderId, action, expectedVersion: order.version, fields },
      {
        onSuccess: () => {
          setOpen(null);
          toast.success(specOf(action).done);
          headingRef.current?.focus();
        },
        onError: (error) => {
          // Messages about the open form's fields stand beside them; anything else is said above the buttons.
          const aboutFormFields =
            error instanceof ApiError && specOf(action).fields.some((field) => field.name in error.fields);
          if (aboutFormFields) return;
          setOpen(null);
          setRefusal(error.message);
          // The button pressed may be gone once the order is read again; the focus waits where the message is.
          headingRef.current?.focus();
        },
      },
    );
  };

  const choose = (action: DeskAction) => {
    setRefusal(null);
    move.reset();
    if (specOf(action).fields.length === 0) send(action);
    else setOpen(action);
  };

  return (
    <section className="desk-panel desk-actions" aria-labelledby="desk-actions-heading">
      <h2 id="desk-actions-heading" ref={headingRef} tabIndex={-1}>
        Next steps
      </h2>
      {refusal !== null && (
        <p className="banner banner--error" role="alert">
          {refusal}
        </p>
      )}
      {allowed.length === 0 ? (
        <p className="desk-note">{`Nothing more can be done: this ${detail.kind} is ${order.status.toLowerCase()}.`}</p>
      ) : (
        <div className="desk-actions__buttons">
          {allowed.map((action) => {
            const spec = specOf(action);
            const hasForm = spec.fields.length > 0;
            return (
              <button
                key={action}
                type="button"
                className={spec.danger ? 'button button--danger' : 'button button--secondary'}
                onClick={() => choose(action)}
                disabled={move.isPending}
                aria-expanded={hasForm ? open === action : undefined}
                aria-controls={hasForm && open === action ? `desk-action-${action}` : undefined}
              >
                {move.isPending && move.variables.action === action ? 'Saving…' : spec.label}
              </button>
            );
          })}
        </div>
      )}
      {open !== null && (
        <ActionForm
          key={open}
          id={`desk-action-${open}`}
          spec={specOf(open)}
          pending={move.isPending}
          serverErrors={move.error instanceof ApiError ? move.error.fields : {}}
          onSubmit={(fields) => send(open, fields)}
          onCancel={() => {
            setOpen(null);
            move.reset();
          }}
        />
      )}
    </section>
  );
}
