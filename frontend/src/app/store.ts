import { configureStore } from '@reduxjs/toolkit';
import {
  adminSessionEnded,
  adminSessionSlice,
  loadStoredAdminToken,
  selectAdminToken,
  storeAdminToken,
} from '@/lib/admin-session.ts';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { queryClient } from './query-client.ts';

// Only the admin session lives in Redux; server data stays in TanStack Query.
export const store = configureStore({
  reducer: { adminSession: adminSessionSlice.reducer },
  preloadedState: { adminSession: { token: loadStoredAdminToken(), ended: null } },
});

let persistedToken = selectAdminToken(store.getState());
store.subscribe(() => {
  const token = selectAdminToken(store.getState());
  if (token === persistedToken) return;
  persistedToken = token;
  storeAdminToken(token);
  if (token === null) queryClient.removeQueries({ queryKey: queryKeys.admin });
});

apiClient.bindAdminSession({
  getToken: () => selectAdminToken(store.getState()),
  onUnauthorized: () => store.dispatch(adminSessionEnded({ reason: 'rejected' })),
});

export type AppStore = typeof store;
