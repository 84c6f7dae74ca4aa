import { LogoutButton } from '@/features/admin-auth/components/logout-button.tsx';
import { CatalogueManager } from '@/features/admin-catalogue/components/catalogue-manager.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { BackOfficeNav } from './back-office-nav.tsx';
import { RequireAdmin } from './require-admin.tsx';
import './admin.css';

export function AdminCatalogueRoute() {
  return (
    <RequireAdmin>
      <CatalogueManagerPage />
    </RequireAdmin>
  );
}

function CatalogueManagerPage() {
  usePageTitle('Catalogue manager');
  return (
    <div className="container page">
      <div className="admin-toolbar">
        <div>
          <p className="admin-eyebrow">Back office</p>
          <h1>Catalogue manager</h1>
        </div>
        <LogoutButton />
        <BackOfficeNav />
      </div>
      <CatalogueManager />
    </div>
  );
}
