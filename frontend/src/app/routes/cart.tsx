import { CartPage } from '@/features/cart/components/cart-page.tsx';

/** /cartaction/show (the spec's route for the cart). */
export function CartRoute() {
  return <CartPage />;
}
