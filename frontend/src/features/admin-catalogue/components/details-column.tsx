import { useRef, useState } from 'react';
import type { SubproductRef } from '../api/details-path.ts';
import { useSubproductDetails } from '../api/get-subproduct-details.ts';
import { DetailForm } from './detail-form.tsx';
import { DetailsTable } from './details-table.tsx';
import { LoadFailure } from './load-failure.tsx';

interface DetailsColumnProps {
  productId: string | null;
  subproductId: string | null;
}

/** The third column: the chosen subproduct's details table and the detail form. */
export function DetailsColumn({ productId, subproductId }: DetailsColumnProps) {
  return (
    <section className="catalogue-column catalogue-column--details" aria-labelledby="details-column-heading">
      <div className="catalogue-column__header">
        <h2 id="details-column-heading">Details</h2>
      </div>
      {productId === null || subproductId === null ? (
        <p className="state-message">Select a subproduct to see its details.</p>
      ) : (
        <DetailsPanel key={subproductId} subproductRef={{ productId, subproductId }} />
      )}
    </section>
  );
}

type FormState = { mode: 'add'; generation: number } | { mode: 'edit'; detailId: string };

function DetailsPanel({ subproductRef }: { subproductRef: SubproductRef }) {
  const { data, isPending, isError, error, refetch, isRefetching } = useSubproductDetails(subproductRef);
  const [form, setForm] = useState<FormState>({ mode: 'add', generation: 0 });
  const tableRef = useRef<HTMLDivElement>(null);

  if (isPending) {
    return (
      <p className="state-message" role="status">
        Loading details…
      </p>
    );
  }
  if (isError) return <LoadFailure what="Details" error={error} retry={() => void refetch()} retrying={isRefetching} />;

  // Someone may have deleted the detail being edited: the form falls back to adding.
  const editing = form.mode === 'edit' ? data.details.find((detail) => detail.detailId === form.detailId) : undefined;
  const startAdding = () => setForm((current) => ({ mode: 'add', generation: current.mode === 'add' ? current.generation + 1 : 0 }));

  return (
    <>
      <p className="catalogue-column__context">
        of <strong>{data.name}</strong>
      </p>
      <div ref={tableRef} tabIndex={-1} className="details-panel__table">
        {data.details.length === 0 ? (
          <p className="state-message">No details yet</p>
        ) : (
          <DetailsTable
            subproductRef={subproductRef}
            subproductName={data.name}
            details={data.details}
            editingId={editing?.detailId ?? null}
            onEdit={(detailId) => setForm({ mode: 'edit', detailId })}
            onDeleted={(detailId) => {
              if (editing?.detailId === detailId) startAdding();
              tableRef.current?.focus();
            }}
          />
        )}
      </div>
      <DetailForm
        key={editing === undefined ? `add-${form.mode === 'add' ? form.generation : 'fallback'}` : `edit-${editing.detailId}`}
        subproductRef={subproductRef}
        detail={editing ?? null}
        productTypes={data.productTypes}
        onCancel={() => {
          startAdding();
          tableRef.current?.focus();
        }}
        onSaved={startAdding}
      />
    </>
  );
}
