import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Navigate, useNavigate } from 'react-router-dom';
import type { CartView } from '@labshop/contracts/carts/queries';
import { ErrorState, LoadingState } from '@/components/page-state/page-state.tsx';
import {
  cartAdopted,
  selectCart,
  selectCartMayGainLines,
  selectCartSyncPending,
  selectServerCart,
  serverCartReadRequested,
  syncRequested,
} from '@/features/cart/cart-slice.ts';
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
  const serverCart = useSelector(selectServerCart);
  const syncPending = useSelector(selectCartSyncPending);
  const mayGainLines = useSelector(selectCartMayGainLines);
  const savedAddress = useSavedAddress();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const onRefused = useCheckoutRefused();

  // The order is placed from the server's cart, so every change still in the outbox goes there first, and the cart
  // is then read afresh (changed on another device, or ordered in another tab); the cart slice is its one home.
  const [readAsked, setReadAsked] = useState(false);
  useEffect(() => {
    dispatch(serverCartReadRequested());
    setReadAsked(true);
  }, [dispatch]);
  const cartSettled = readAsked && !syncPending && !mayGainLines;

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
  if (savedAddress.error !== null)
    return (
      <ErrorState
        message={`Your order details could not be loaded. ${savedAddress.error.message}`}
        onRetry={() => void savedAddress.refetch()}
        retrying={savedAddress.isRefetching}
      />
    );
  if (savedAddress.data === undefined) return <LoadingState>Loading your order…</LoadingState>;

  return (
    <AddressStep
      cart={serverCart}
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
