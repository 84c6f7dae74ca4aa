import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { LoadingState } from '@/components/page-state/page-state.tsx';
import { useAskingOpenTabs } from '@/lib/tab-sessions.ts';
import { useAdminSessionEnd, useAdminToken } from '@/lib/admin-session.ts';

export interface AdminLoginNotice {
  notice?: string;
}

const noticeFor = {
  never: 'Access Denied! Please log in as an Admin.',
  rejected: 'Your admin session has expired. Please log in again.',
} as const;

/** Client-side convenience only: the server checks the token on every admin call. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const token = useAdminToken();
  const ended = useAdminSessionEnd();
  const asking = useAskingOpenTabs();
  if (token !== null) return children;
  // A new tab asks the shop's open tabs for their session before it sends anyone to sign in.
  if (asking) return <LoadingState>Checking your sign-in…</LoadingState>;
  const state: AdminLoginNotice = ended === 'logout' ? {} : { notice: noticeFor[ended ?? 'never'] };
  return <Navigate to="/admin/login" replace state={state} />;
}
