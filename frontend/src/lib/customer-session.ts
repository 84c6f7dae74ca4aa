import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { useSelector } from 'react-redux';

/**
 * The shopper's session: a customer JWT, kept where a shop keeps it (localStorage with Remember me,
 * so it outlives the browser; sessionStorage otherwise) and under its own key, apart from the admin's.
 */
const customerTokenStorageKey = 'labshop.customerToken';

/** What the header and My Account show, read from the token's claims (spec: nameid/sub, given_name, family_name, email). */
export interface CustomerDetails {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

export type CustomerSessionEnd = 'logout' | 'rejected';

export interface CustomerSessionState {
  token: string | null;
  remember: boolean;
  ended: CustomerSessionEnd | null;
}

export const customerSessionSlice = createSlice({
  name: 'customerSession',
  initialState: (): CustomerSessionState => ({ token: null, remember: false, ended: null }),
  reducers: {
    customerSignedIn(state, action: PayloadAction<{ token: string; remember: boolean }>) {
      state.token = action.payload.token;
      state.remember = action.payload.remember;
      state.ended = null;
    },
    customerSessionEnded(state, action: PayloadAction<{ reason: CustomerSessionEnd }>) {
      state.token = null;
      state.remember = false;
      state.ended = action.payload.reason;
    },
  },
});

export const { customerSignedIn, customerSessionEnded } = customerSessionSlice.actions;

interface StateWithCustomerSession {
  customerSession: CustomerSessionState;
}

export const selectCustomerToken = (state: StateWithCustomerSession) => state.customerSession.token;

export const useCustomerToken = () => useSelector(selectCustomerToken);

/** The signed-in customer's id (whose cart the cart sync follows), or null when nobody is signed in. */
export const selectCustomerId = (state: StateWithCustomerSession) => {
  const token = selectCustomerToken(state);
  return token === null ? null : (customerDetailsOf(token)?.id ?? null);
};

export const useCustomerSessionEnd = () =>
  useSelector((state: StateWithCustomerSession) => state.customerSession.ended);

export const useCustomerDetails = () => {
  const token = useCustomerToken();
  return token === null ? null : customerDetailsOf(token);
};

/** The details a token's claims carry, or null when it is not a readable, unexpired customer token. */
export function customerDetailsOf(token: string, now = Date.now()): CustomerDetails | null {
  const claims = readClaims(token);
  if (claims === null || claims.role !== 'customer') return null;
  if (typeof claims.exp === 'number' && claims.exp * 1000 <= now) return null;
  const { sub, email, given_name: firstName, family_name: lastName } = claims;
  if (typeof sub !== 'string' || typeof email !== 'string') return null;
  return {
    id: sub,
    email,
    firstName: typeof firstName === 'string' ? firstName : '',
    lastName: typeof lastName === 'string' ? lastName : '',
  };
}

// The signature is the server's to check; the client only reads what the token says about its holder.
function readClaims(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (payload === undefined) return null;
  try {
    const json = atob(payload.replaceAll('-', '+').replaceAll('_', '/'));
    const claims: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(json, (char) => char.charCodeAt(0))));
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The stored session, unless it has expired meanwhile. */
export function loadStoredCustomerSession(): Pick<CustomerSessionState, 'token' | 'remember'> {
  for (const [storage, remember] of [
    [localStorage, true],
    [sessionStorage, false],
  ] as const) {
    const token = storage.getItem(customerTokenStorageKey);
    if (token !== null && customerDetailsOf(token) !== null) return { token, remember };
    storage.removeItem(customerTokenStorageKey);
  }
  return { token: null, remember: false };
}

export function storeCustomerSession({ token, remember }: Pick<CustomerSessionState, 'token' | 'remember'>) {
  localStorage.removeItem(customerTokenStorageKey);
  sessionStorage.removeItem(customerTokenStorageKey);
  if (token !== null) (remember ? localStorage : sessionStorage).setItem(customerTokenStorageKey, token);
}
