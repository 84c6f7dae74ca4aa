import { Link } from 'react-router-dom';
import { LogoutButton } from '@/features/admin-auth/components/logout-button.tsx';
import { ProductContentEditor } from '@/features/admin-catalogue/components/product-content-editor.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { BackOfficeNav } from './back-office-nav.tsx';
import { RequireAdmin } from './require-admin.tsx';
import './admin.css';

export function ProductContentRoute() {
  return (
    <RequireAdmin>
      <ProductContentPage />
    </RequireAdmin>
  );
}

function ProductContentPage() {
  usePageTitle('Product content');
  return (
    <div className="container page">
      <div className="admin-toolbar">
        <div>
          <p className="admin-eyebrow">
            Back office · <Link to="/admin/catalogue">Catalogue manager</Link>
          </p>
          <h1>Product content</h1>
        </div>
        <LogoutButton />
        <BackOfficeNav />
      </div>
      <ProductContentEditor />
    </div>
  );
}
