import { useDispatch } from 'react-redux';
import { CartPage } from '@/features/cart/components/cart-page.tsx';
import { itemAdded } from '@/features/cart/cart-slice.ts';
import { QuickOrder } from '@/features/catalogue/components/quick-order.tsx';

/** /cartaction/show (the spec's route for the cart), with the catalogue's quick-order box under the lines. */
export function CartRoute() {
  const dispatch = useDispatch();
  return <CartPage quickOrder={<QuickOrder onAddToCart={(item) => dispatch(itemAdded(item))} />} />;
}
