import { useRef, useState } from 'react';
import { useAddSubproduct } from '../api/add-subproduct.ts';
import { useAdminProduct } from '../api/get-admin-product.ts';
import { AddNamedItem } from './add-named-item.tsx';
import { CatalogueColumn, ColumnContext } from './catalogue-column.tsx';
import { LoadState } from './load-state.tsx';
import { SubproductRow } from './subproduct-row.tsx';

interface SubproductsColumnProps {
  productId: string | null;
  selectedId: string | null;
  onSelect: (subproductId: string | null) => void;
}

/** The second column: the chosen product's subproducts, hidden ones included; selecting one opens its details. */
export function SubproductsColumn({ productId, selectedId, onSelect }: SubproductsColumnProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <CatalogueColumn
      headingId="subproducts-column-heading"
      title="Subproducts"
      className="catalogue-column--subproducts"
      headingRef={headingRef}
    >
      {productId === null ? (
        <p className="state-message">Select a product to see its subproducts.</p>
      ) : (
        <SubproductList
          key={productId}
          productId={productId}
          selectedId={selectedId}
          onSelect={onSelect}
          focusHeading={() => headingRef.current?.focus()}
        />
      )}
    </CatalogueColumn>
  );
}

interface SubproductListProps extends SubproductsColumnProps {
  productId: string;
  focusHeading: () => void;
}

function SubproductList({ productId, selectedId, onSelect, focusHeading }: SubproductListProps) {
  const query = useAdminProduct(productId);
  const addSubproduct = useAddSubproduct();
  const [editingId, setEditingId] = useState<string | null>(null);

  if (query.isPending || query.isError) return <LoadState query={query} what="subproducts" />;
  const product = query.data;

  return (
    <>
      <ColumnContext name={product.name} />
      {product.subproducts.length === 0 ? (
        <p className="state-message">No subproducts yet</p>
      ) : (
        <ul className="catalogue-list" aria-label={`Subproducts of ${product.name}`}>
          {product.subproducts.map((subproduct) => (
            <SubproductRow
              key={subproduct.subproductId}
              productId={productId}
              subproduct={subproduct}
              selected={selectedId === subproduct.subproductId}
              onSelect={() => onSelect(selectedId === subproduct.subproductId ? null : subproduct.subproductId)}
              editing={editingId === subproduct.subproductId}
              onEdit={() => setEditingId(subproduct.subproductId)}
              onEditDone={() => setEditingId(null)}
              onDeleted={() => {
                if (selectedId === subproduct.subproductId) onSelect(null);
                focusHeading();
              }}
            />
          ))}
        </ul>
      )}
      <div className="catalogue-column__footer">
        <AddNamedItem
          noun="subproduct"
          pending={addSubproduct.isPending}
          add={(name, callbacks) => addSubproduct.mutate({ productId, name }, callbacks)}
        />
      </div>
    </>
  );
}
