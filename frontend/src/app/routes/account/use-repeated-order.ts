import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import type { RepeatOrderAnswer } from '@labshop/contracts/orders/queries';
import { cartAdopted } from '@/features/cart/cart-slice.ts';
import { useToast } from '@/components/toast/toast-provider.tsx';

/** After Repeat order: the cart the server made, a word on what could not be added, then the cart page. */
export function useRepeatedOrder() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const toast = useToast();
  return ({ cart, unavailable }: RepeatOrderAnswer) => {
    dispatch(cartAdopted(cart));
    const gone = unavailable.map((line) =>
      line.catalogNumber === '' ? line.productName : `${line.productName} (Cat No. ${line.catalogNumber})`,
    );
    if (gone.length > 0) toast.error(`No longer available, so not added: ${gone.join(', ')}.`);
    if (cart.lines.length === 0) return;
    toast.success("The order's items are in your cart at today's prices.");
    void navigate('/cartaction/show');
  };
}
