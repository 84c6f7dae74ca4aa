import { LogoutButton } from '@/features/admin-auth/components/logout-button.tsx';
import { InboxList } from '@/features/admin-inbox/components/inbox-list.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { BackOfficeNav } from './back-office-nav.tsx';
import { RequireAdmin } from './require-admin.tsx';
import './admin.css';

export function AdminInboxRoute() {
  return (
    <RequireAdmin>
      <AdminInboxPage />
    </RequireAdmin>
  );
}

function AdminInboxPage() {
  usePageTitle('Inbox');
  return (
    <div className="container page">
      <div className="admin-toolbar">
        <div>
          <p className="admin-eyebrow">Back office</p>
          <h1>Inbox</h1>
        </div>
        <LogoutButton />
        <BackOfficeNav />
      </div>
      <p className="page__lead">Inquiries from the service pages and messages from the contact form. Reply by email, then mark the message answered.</p>
      <InboxList />
    </div>
  );
}
