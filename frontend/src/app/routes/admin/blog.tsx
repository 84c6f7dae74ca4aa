import { useSearchParams } from 'react-router-dom';
import { LogoutButton } from '@/features/admin-auth/components/logout-button.tsx';
import { BlogPanel } from '@/features/admin-blog/components/blog-panel.tsx';
import { HistoryButton } from '@/features/audit/components/history-button.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { BackOfficeNav } from './back-office-nav.tsx';
import { RequireAdmin } from './require-admin.tsx';
import './admin.css';

/** The blog section panel at /Blog, or one section's inner items at /Blog?packageId=… */
export function AdminBlogRoute() {
  return (
    <RequireAdmin>
      <BlogPage />
    </RequireAdmin>
  );
}

function BlogPage() {
  usePageTitle('Blog sections');
  const packageId = useSearchParams()[0].get('packageId');
  return (
    <div className="container page">
      <div className="admin-toolbar">
        <div>
          <p className="admin-eyebrow">Back office</p>
          <h1>Blog sections</h1>
        </div>
        <HistoryButton entityType="blog" entityId="" itemName="the blog sections" />
        <LogoutButton />
        <BackOfficeNav />
      </div>
      <BlogPanel packageId={packageId} />
    </div>
  );
}
