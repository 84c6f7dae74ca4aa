import { useDispatch } from 'react-redux';
import { useSearchParams } from 'react-router-dom';
import { itemAdded } from '@/features/cart/cart-slice.ts';
import { ProductDetailPage } from '@/features/catalogue/components/product-detail-page.tsx';
import { NotAvailable } from '@/features/catalogue/components/catalogue-query-state.tsx';
import { detailIdFromSearch } from '@/lib/catalogue-links.ts';

/** /product?productname=…&productid=… — productid is base64 of the detail id; productname is cosmetic. */
export function ProductRoute() {
  const [search] = useSearchParams();
  const dispatch = useDispatch();
  const detailId = detailIdFromSearch(search);
  return (
    <div className="container page">
      {detailId === null ? (
        <NotAvailable what="product" />
      ) : (
        <ProductDetailPage key={detailId} detailId={detailId} onAddToCart={(item) => dispatch(itemAdded(item))} />
      )}
    </div>
  );
}
