import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { LoadingState } from '@/components/page-state/page-state.tsx';
import { useAskingOpenTabs } from '@/lib/tab-sessions.ts';
import { useCustomerSessionEnd, useCustomerToken } from '@/lib/customer-session.ts';

export interface SignInNotice {
  notice?: string;
  /** Prefills the forgot-password form from the sign-in tab. */
  email?: string;
}

export const LOGIN_TO_CONTINUE = 'Please login to continue';

/** Client-side convenience only: the server checks the customer token on every account call. */
export function RequireCustomer({ children }: { children: ReactNode }) {
  const token = useCustomerToken();
  const ended = useCustomerSessionEnd();
  const asking = useAskingOpenTabs();
  if (token !== null) return children;
  // A new tab asks the shop's open tabs for their session before it sends anyone to sign in.
  if (asking) return <LoadingState>Checking your sign-in…</LoadingState>;
  // Signing out leaves for the home page (spec §4); anyone else is asked to sign in.
  if (ended === 'logout') return <Navigate to="/" replace />;
  return <Navigate to="/signin" replace state={{ notice: LOGIN_TO_CONTINUE } satisfies SignInNotice} />;
}
