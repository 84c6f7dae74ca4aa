import { useSearchParams } from 'react-router-dom';
import { BlogPanel } from '@/features/admin-blog/components/blog-panel.tsx';
import { HistoryButton } from '@/components/history/history-button.tsx';
import { AdminPage } from './admin-page.tsx';

/** The blog section panel at /Blog, or one section's inner items at /Blog?packageId=… */
export function AdminBlogRoute() {
  return (
    <AdminPage
      title="Blog sections"
      actions={<HistoryButton entityType="blog" entityId="" itemName="the blog sections" />}
    >
      <BlogPanelFromUrl />
    </AdminPage>
  );
}

function BlogPanelFromUrl() {
  const packageId = useSearchParams()[0].get('packageId');
  return <BlogPanel packageId={packageId} />;
}
