import { useSearchParams } from 'react-router-dom';
import { inboxViewFromSearch, searchFromInboxView } from '@/features/admin-inbox/api/get-inbox.ts';
import { InboxList } from '@/features/admin-inbox/components/inbox-list.tsx';
import { AdminPage } from './admin-page.tsx';

export function AdminInboxRoute() {
  const [search, setSearch] = useSearchParams();
  const { status, page } = inboxViewFromSearch(search);
  return (
    <AdminPage title="Inbox">
      <p className="page__lead">
        Inquiries from the service pages and messages from the contact form. Reply by email, then mark the message
        answered.
      </p>
      <InboxList status={status} page={page} onChange={(view) => setSearch(searchFromInboxView(view))} />
    </AdminPage>
  );
}
