import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Navigate, useNavigate } from 'react-router-dom';
import type { CartView } from '@labshop/contracts/carts/queries';
import { ErrorState, LoadingState } from '@/components/page-state/page-state.tsx';
import {
  cartAdopted,
  selectCart,
  selectCartMayGainLines,
  selectCartSyncPending,
  syncRequested,
} from '@/features/cart/cart-slice.ts';
import { useCheckoutCart } from '@/features/checkout/api/get-checkout-cart.ts';
import { useSavedAddress } from '@/features/checkout/api/get-saved-address.ts';
import { initialAddressDraft, initialBillingDraft } from '@/features/checkout/address-draft.ts';
import { AddressStep } from '@/features/checkout/components/address-step.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { useCheckoutCustomer, useCheckoutRefused } from './checkout-access.tsx';
import { CheckoutStepPage } from './checkout-step-page.tsx';
import type { PaymentNotice } from './payment-details.tsx';

export function CustomerAddressRoute() {
  usePageTitle('Checkout: address details');
  const customer = useCheckoutCustomer();
  if (customer === null) return <Navigate to="/order" replace />;
  return (
    <CheckoutStepPage crumbs={[{ label: 'Address Details' }]} step="Address" heading="Address details">
      <AddressDetails customer={customer} />
    </CheckoutStepPage>
  );
}

function AddressDetails({ customer }: { customer: { firstName: string; lastName: string; email: string } }) {
  const cart = useSelector(selectCart);
  const syncPending = useSelector(selectCartSyncPending);
  const mayGainLines = useSelector(selectCartMayGainLines);
  // The order is placed from the server's cart, so every change still in the outbox goes there first.
  const cartSettled = !syncPending && !mayGainLines;
  const serverCart = useCheckoutCart(cartSettled);
  const savedAddress = useSavedAddress();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const onRefused = useCheckoutRefused();

  // The server's cart is the one that will be ordered; the local one follows it (an order paid in another tab, say).
  const serverLines = serverCart.data?.lines.length;
  useEffect(() => {
    if (serverCart.data !== undefined && serverLines === 0) dispatch(cartAdopted(serverCart.data));
  }, [serverCart.data, serverLines, dispatch]);

  if (cart.lines.length === 0 && cartSettled) return <Navigate to="/" replace />;
  if (!cartSettled) {
    if (cart.sync.status === 'offline')
      return (
        <ErrorState
          message={`Your cart could not be saved yet. ${cart.sync.message ?? ''}`}
          onRetry={() => dispatch(syncRequested())}
          retrying={false}
        />
      );
    return <LoadingState>Saving your cart…</LoadingState>;
  }
  const failed = serverCart.error ?? savedAddress.error;
  if (failed !== null)
    return (
      <ErrorState
        message={`Your order details could not be loaded. ${failed.message}`}
        onRetry={() => void Promise.all([serverCart.refetch(), savedAddress.refetch()])}
        retrying={serverCart.isRefetching || savedAddress.isRefetching}
      />
    );
  if (serverCart.data === undefined || savedAddress.data === undefined)
    return <LoadingState>Loading your order…</LoadingState>;

  return (
    <AddressStep
      cart={serverCart.data}
      initialAddress={initialAddressDraft(customer, savedAddress.data)}
      initialBilling={initialBillingDraft(customer, savedAddress.data)}
      onPlaced={(order) =>
        void navigate(`/shipping-method?${new URLSearchParams({ orderId: order.orderId }).toString()}`, {
          state: {
            message: `Your order ${order.orderNumber} is saved. Please choose how to ship it.`,
          } satisfies PaymentNotice,
        })
      }
      onRepriced={(priced: CartView) => dispatch(cartAdopted(priced))}
      onRefused={onRefused}
    />
  );
}
