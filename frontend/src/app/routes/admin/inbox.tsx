import { InboxList } from '@/features/admin-inbox/components/inbox-list.tsx';
import { AdminPage } from './admin-page.tsx';

export function AdminInboxRoute() {
  return (
    <AdminPage title="Inbox">
      <p className="page__lead">
        Inquiries from the service pages and messages from the contact form. Reply by email, then mark the message
        answered.
      </p>
      <InboxList />
    </AdminPage>
  );
}
