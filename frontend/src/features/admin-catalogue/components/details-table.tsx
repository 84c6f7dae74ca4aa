import { useState } from 'react';
import { formatUsd, discountedCents } from '@labshop/contracts/money';
import { useDeleteDetail } from '../api/delete-detail.ts';
import { BASE_PRICE_NOT_SOLD, basePriceNotSold } from '../base-price.ts';
import type { SubproductRef } from '../api/details-path.ts';
import type { AdminDetail } from '../api/get-subproduct-details.ts';
import { useUpdateDetail } from '../api/update-detail.ts';
import { Dialog } from '@/components/dialog/dialog.tsx';
import { CatalogueItemActions } from './catalogue-item-actions.tsx';
import { whenSettled } from './mutation-callbacks.ts';

export const deleteDetailConfirmation = 'Are you sure you want to delete this detail?';

interface DetailsTableProps {
  subproductRef: SubproductRef;
  subproductName: string;
  details: AdminDetail[];
  editingId: string | null;
  onEdit: (detailId: string) => void;
  onDeleted: (detailId: string) => void;
}

/** The subproduct's details: Type, Qty, Price, Image and the actions on each. */
export function DetailsTable({
  subproductRef,
  subproductName,
  details,
  editingId,
  onEdit,
  onDeleted,
}: DetailsTableProps) {
  return (
    <div className="details-table__scroller">
      <table className="details-table">
        <caption className="visually-hidden">Details of {subproductName}</caption>
        <thead>
          <tr>
            <th scope="col">Type</th>
            <th scope="col">Qty</th>
            <th scope="col">Price</th>
            <th scope="col">Image</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {details.map((detail) => (
            <DetailRow
              key={detail.detailId}
              subproductRef={subproductRef}
              detail={detail}
              editing={editingId === detail.detailId}
              onEdit={() => onEdit(detail.detailId)}
              onDeleted={() => onDeleted(detail.detailId)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface DetailRowProps {
  subproductRef: SubproductRef;
  detail: AdminDetail;
  editing: boolean;
  onEdit: () => void;
  onDeleted: () => void;
}

function DetailRow({ subproductRef, detail, editing, onEdit, onDeleted }: DetailRowProps) {
  const [previewing, setPreviewing] = useState(false);
  const updateDetail = useUpdateDetail();
  const deleteDetail = useDeleteDetail();
  const busy = updateDetail.isPending || deleteDetail.isPending;
  const ref = { ...subproductRef, detailId: detail.detailId };
  const name = detail.productType;

  const classes = [
    'details-table__row',
    editing && 'details-table__row--editing',
    !detail.visible && 'details-table__row--hidden',
  ];
  return (
    <tr className={classes.filter(Boolean).join(' ')} aria-busy={busy}>
      <th scope="row">
        <span className="details-table__type">{name}</span>
        {!detail.visible && <span className="badge badge--muted">Hidden</span>}
        {detail.catalogNumber !== '' && <span className="details-table__note">Cat. {detail.catalogNumber}</span>}
        {detail.priceTiers.length > 0 && (
          <span className="details-table__note">
            {detail.priceTiers.length} price {detail.priceTiers.length === 1 ? 'tier' : 'tiers'}
          </span>
        )}
      </th>
      <td>{detail.quantity}</td>
      <td>
        {formatUsd(detail.priceCents)}
        {detail.addPercentage > 0 && (
          <span className="details-table__note">
            {detail.addPercentage}% off: {formatUsd(discountedCents(detail.priceCents, detail.addPercentage))}
          </span>
        )}
        {basePriceNotSold(detail) && (
          <span className="details-table__note details-table__note--warning">{BASE_PRICE_NOT_SOLD}</span>
        )}
      </td>
      <td>
        {detail.files.image === null ? (
          <span className="details-table__none">None</span>
        ) : (
          <img
            className="details-table__image"
            src={detail.files.image.url}
            alt={`${name}: ${detail.files.image.originalName}`}
          />
        )}
      </td>
      <td>
        <span className="details-table__actions">
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => setPreviewing(true)}
            aria-label={`Preview content of ${name}`}
            aria-haspopup="dialog"
          >
            Preview
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={onEdit}
            disabled={busy || editing}
            aria-label={`Edit ${name}`}
          >
            Edit
          </button>
          <CatalogueItemActions
            noun="detail"
            item={{ id: detail.detailId, name, visible: detail.visible }}
            busy={busy}
            deleteConfirmation={deleteDetailConfirmation}
            setVisible={(visible, callbacks) => updateDetail.mutate({ ...ref, changes: { visible } }, callbacks)}
            remove={(callbacks) => whenSettled(deleteDetail.mutateAsync(ref), callbacks)}
            onDeleted={onDeleted}
          />
        </span>
        {previewing && <ContentPreview detail={detail} onClose={() => setPreviewing(false)} />}
      </td>
    </tr>
  );
}

/** The contents as saved: the server sanitised them before storing, so they are rendered as they are. */
function ContentPreview({ detail, onClose }: { detail: AdminDetail; onClose: () => void }) {
  return (
    <Dialog open size="wide" title={`Content of ${detail.productType}`} onClose={onClose}>
      {detail.contents === '' ? (
        <p className="state-message">This detail has no content yet.</p>
      ) : (
        <div className="rich-content" dangerouslySetInnerHTML={{ __html: detail.contents }} />
      )}
    </Dialog>
  );
}
