import { useDeleteSubproduct } from '../api/delete-subproduct.ts';
import type { AdminSubproduct } from '../api/get-admin-product.ts';
import { useUpdateSubproduct } from '../api/update-subproduct.ts';
import { whenSettled } from './mutation-callbacks.ts';
import { NamedItemRow, type RowInColumn } from './named-item-row.tsx';

export const deleteSubproductConfirmation = 'Are you sure you want to delete this subproduct and all its details?';

interface SubproductRowProps extends RowInColumn {
  productId: string;
  subproduct: AdminSubproduct;
}

const detailCountText = (count: number) => (count === 1 ? '1 detail' : `${count} details`);

export function SubproductRow({ productId, subproduct, ...rowProps }: SubproductRowProps) {
  const updateSubproduct = useUpdateSubproduct();
  const deleteSubproduct = useDeleteSubproduct();
  const ref = { productId, subproductId: subproduct.subproductId };
  return (
    <NamedItemRow
      {...rowProps}
      item={{ id: subproduct.subproductId, name: subproduct.name, visible: subproduct.visible }}
      noun="subproduct"
      note={detailCountText(subproduct.detailCount)}
      busy={updateSubproduct.isPending || deleteSubproduct.isPending}
      deleteConfirmation={deleteSubproductConfirmation}
      rename={(name, callbacks) =>
        updateSubproduct.mutate({ ...ref, changes: { name, expectedVersion: subproduct.version } }, callbacks)
      }
      setVisible={(visible, callbacks) =>
        updateSubproduct.mutate({ ...ref, changes: { visible, expectedVersion: subproduct.version } }, callbacks)
      }
      remove={(callbacks) => whenSettled(deleteSubproduct.mutateAsync(ref), callbacks)}
    />
  );
}
