import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { useAdminToken } from '@/lib/admin-session.ts';
import type { ApiError } from '@/lib/api-client.ts';
import { customerSessionEnded, useCustomerDetails } from '@/lib/customer-session.ts';

/** What /order shows above its tabs when checkout sent the shopper back there. */
export interface CheckoutNotice {
  notice?: string;
}

export const ADMIN_CANNOT_CHECK_OUT =
  'You are signed in to the back office. An admin session cannot check out: sign in as a customer to continue.';

/**
 * Who may check out: a signed-in customer while no admin session is held (spec §4, §6). The two
 * sessions never coexist in this app (app/store.ts), so an admin token here means no customer session.
 */
export function useCheckoutCustomer() {
  const customer = useCustomerDetails();
  const adminHeld = useAdminToken() !== null;
  return adminHeld ? null : customer;
}

/** The server refused the checkout (an admin session, an ended session): log the customer out and start again at /order. */
export function useCheckoutRefused() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  return (error: ApiError) => {
    dispatch(customerSessionEnded({ reason: 'rejected' }));
    void navigate('/order', {
      replace: true,
      state: {
        notice: error.status === 403 ? error.message : 'Please sign in again to check out.',
      } satisfies CheckoutNotice,
    });
  };
}
