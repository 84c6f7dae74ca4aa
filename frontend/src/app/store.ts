import { configureStore } from '@reduxjs/toolkit';
import { cartSlice } from '@/features/cart/cart-slice.ts';
import { cartStorageKey, loadStoredCart } from '@/features/cart/cart-storage.ts';
import { startCartSync } from '@/features/cart/cart-sync.ts';
import {
  adminLoggedIn,
  adminSessionEnded,
  adminSessionSlice,
  loadStoredAdminToken,
  selectAdminToken,
  storeAdminToken,
} from '@/lib/admin-session.ts';
import { apiClient } from '@/lib/api-client.ts';
import { endSessionOnServer } from '@/lib/end-session-on-server.ts';
import {
  customerDetailsOf,
  customerSessionEnded,
  customerSessionSlice,
  customerSignedIn,
  loadStoredCustomerSession,
  selectCustomerId,
  selectCustomerToken,
  storeCustomerSession,
} from '@/lib/customer-session.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { shareTabSessions, tabSessionsAnswered, tabSessionsAsked, tabSessionsSlice } from '@/lib/tab-sessions.ts';
import { queryClient } from './query-client.ts';

// The sessions and the cart live in Redux (the cart's one client home: it works before the server answers and outlives
// a reload); all other server data stays in TanStack Query.
export const store = configureStore({
  reducer: {
    adminSession: adminSessionSlice.reducer,
    customerSession: customerSessionSlice.reducer,
    cart: cartSlice.reducer,
    tabSessions: tabSessionsSlice.reducer,
  },
  preloadedState: {
    adminSession: { token: loadStoredAdminToken(), ended: null },
    customerSession: { ...loadStoredCustomerSession(), ended: null },
    cart: loadStoredCart(localStorage, Date.now()),
  },
});

let persistedToken = selectAdminToken(store.getState());
store.subscribe(() => {
  const token = selectAdminToken(store.getState());
  if (token === persistedToken) return;
  if (token === null && persistedToken !== null && store.getState().adminSession.ended === 'logout')
    endSessionOnServer('/api/admin/logout', persistedToken);
  persistedToken = token;
  storeAdminToken(token);
  if (token === null) queryClient.removeQueries({ queryKey: queryKeys.admin });
});

let persistedCustomerToken = selectCustomerToken(store.getState());
store.subscribe(() => {
  const { customerSession } = store.getState();
  if (customerSession.token === persistedCustomerToken) return;
  if (customerSession.token === null && persistedCustomerToken !== null && customerSession.ended === 'logout')
    endSessionOnServer('/api/auth/logout', persistedCustomerToken);
  persistedCustomerToken = customerSession.token;
  storeCustomerSession(customerSession);
  if (customerSession.token === null) queryClient.removeQueries({ queryKey: queryKeys.account });
  // One person, one kind of session: signing in as a customer signs the admin out, and the other way round.
  else if (selectAdminToken(store.getState()) !== null) store.dispatch(adminSessionEnded({ reason: 'logout' }));
});

let previousAdminToken = selectAdminToken(store.getState());
store.subscribe(() => {
  const adminToken = selectAdminToken(store.getState());
  if (adminToken === previousAdminToken) return;
  previousAdminToken = adminToken;
  if (adminToken !== null && selectCustomerToken(store.getState()) !== null)
    store.dispatch(customerSessionEnded({ reason: 'logout' }));
});

// A new tab without a session of its own takes the one an open tab of the shop holds (lib/tab-sessions.ts).
shareTabSessions({
  current: () => {
    const { customerSession, adminSession } = store.getState();
    const { token, remember } = customerSession;
    return { customer: token === null ? null : { token, remember }, admin: adminSession.token };
  },
  adopt: ({ customer, admin }) => {
    if (customer !== null && customerDetailsOf(customer.token) !== null) store.dispatch(customerSignedIn(customer));
    else if (admin !== null) store.dispatch(adminLoggedIn({ token: admin }));
  },
  asked: () => store.dispatch(tabSessionsAsked()),
  answered: () => store.dispatch(tabSessionsAnswered()),
});

apiClient.bindAdminSession({
  getToken: () => selectAdminToken(store.getState()),
  onUnauthorized: () => store.dispatch(adminSessionEnded({ reason: 'rejected' })),
});

apiClient.bindCustomerSession({
  getToken: () => selectCustomerToken(store.getState()),
  onUnauthorized: () => store.dispatch(customerSessionEnded({ reason: 'rejected' })),
});

// The cart's outbox goes to the cart API in the background; it follows sign-in and sign-out itself.
const cartSync = startCartSync({
  store,
  selectCart: (state) => state.cart,
  selectCustomerId: (state) => selectCustomerId(state),
  post: (path, body) => apiClient.post(path, body),
  get: (path) => apiClient.get(path),
  storage: localStorage,
});
window.addEventListener('online', cartSync.sendNow);
window.addEventListener('storage', (event) => {
  if (event.key === cartStorageKey) cartSync.adoptStored(event.newValue);
});

export type AppStore = typeof store;
