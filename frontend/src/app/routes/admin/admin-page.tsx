import type { ReactNode } from 'react';
import { LogoutButton } from '@/features/admin-auth/components/logout-button.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { BackOfficeNav } from './back-office-nav.tsx';
import { RequireAdmin } from './require-admin.tsx';
import './admin.css';

interface AdminPageProps {
  title: string;
  /** After "Back office" above the heading: the section this page belongs to, as a link. */
  parent?: ReactNode;
  /** Beside the logout button (e.g. the History button of what the page edits). */
  actions?: ReactNode;
  children: ReactNode;
}

/** A back-office section's page: its title, logout and the sections' navigation, shown to an admin session only. */
export function AdminPage(props: AdminPageProps) {
  return (
    <RequireAdmin>
      <AdminPageFrame {...props} />
    </RequireAdmin>
  );
}

function AdminPageFrame({ title, parent, actions, children }: AdminPageProps) {
  usePageTitle(title);
  return (
    <div className="container page">
      <div className="admin-toolbar">
        <div>
          <p className="admin-eyebrow">Back office{parent !== undefined && <> · {parent}</>}</p>
          <h1>{title}</h1>
        </div>
        {actions}
        <LogoutButton />
        <BackOfficeNav />
      </div>
      {children}
    </div>
  );
}
