import { useRef, useState } from 'react';
import type { SubproductRef } from '../api/details-path.ts';
import { useSubproductDetails } from '../api/get-subproduct-details.ts';
import { DetailForm } from './detail-form/detail-form.tsx';
import { DetailsTable } from './details-table.tsx';
import { CatalogueColumn, ColumnContext } from './catalogue-column.tsx';
import { LoadState } from './load-state.tsx';

interface DetailsColumnProps {
  productId: string | null;
  subproductId: string | null;
}

/** The third column: the chosen subproduct's details table and the detail form. */
export function DetailsColumn({ productId, subproductId }: DetailsColumnProps) {
  return (
    <CatalogueColumn headingId="details-column-heading" title="Details" className="catalogue-column--details">
      {productId === null || subproductId === null ? (
        <p className="state-message">Select a subproduct to see its details.</p>
      ) : (
        <DetailsPanel key={subproductId} subproductRef={{ productId, subproductId }} />
      )}
    </CatalogueColumn>
  );
}

type FormState = { mode: 'add'; generation: number } | { mode: 'edit'; detailId: string };

function DetailsPanel({ subproductRef }: { subproductRef: SubproductRef }) {
  const query = useSubproductDetails(subproductRef);
  const [form, setForm] = useState<FormState>({ mode: 'add', generation: 0 });
  const tableRef = useRef<HTMLDivElement>(null);

  if (query.isPending || query.isError) return <LoadState query={query} what="details" />;
  const data = query.data;

  // Someone may have deleted the detail being edited: the form falls back to adding.
  const editing = form.mode === 'edit' ? data.details.find((detail) => detail.detailId === form.detailId) : undefined;
  const startAdding = () =>
    setForm((current) => ({ mode: 'add', generation: current.mode === 'add' ? current.generation + 1 : 0 }));

  return (
    <>
      <ColumnContext name={data.name} />
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
        key={
          editing === undefined
            ? `add-${form.mode === 'add' ? form.generation : 'fallback'}`
            : `edit-${editing.detailId}`
        }
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
