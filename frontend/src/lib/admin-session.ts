import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { useSelector } from 'react-redux';

/** Kept apart from any customer token so an admin and a shopper session never mix. */
const adminTokenStorageKey = 'labshop.adminToken';

/** Why the last session ended: the guard greets a deliberate logout differently from a token the server refused. */
export type AdminSessionEnd = 'logout' | 'rejected';

export interface AdminSessionState {
  token: string | null;
  ended: AdminSessionEnd | null;
}

export const adminSessionSlice = createSlice({
  name: 'adminSession',
  initialState: (): AdminSessionState => ({ token: null, ended: null }),
  reducers: {
    adminLoggedIn(state, action: PayloadAction<{ token: string }>) {
      state.token = action.payload.token;
      state.ended = null;
    },
    adminSessionEnded(state, action: PayloadAction<{ reason: AdminSessionEnd }>) {
      state.token = null;
      state.ended = action.payload.reason;
    },
  },
});

export const { adminLoggedIn, adminSessionEnded } = adminSessionSlice.actions;

interface StateWithAdminSession {
  adminSession: AdminSessionState;
}

export const selectAdminToken = (state: StateWithAdminSession) => state.adminSession.token;

export const selectAdminSessionEnd = (state: StateWithAdminSession) => state.adminSession.ended;

export const useAdminToken = () => useSelector(selectAdminToken);

export const useAdminSessionEnd = () => useSelector(selectAdminSessionEnd);

export function loadStoredAdminToken(): string | null {
  return sessionStorage.getItem(adminTokenStorageKey);
}

export function storeAdminToken(token: string | null) {
  if (token === null) sessionStorage.removeItem(adminTokenStorageKey);
  else sessionStorage.setItem(adminTokenStorageKey, token);
}
