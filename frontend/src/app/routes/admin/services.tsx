import { LogoutButton } from '@/features/admin-auth/components/logout-button.tsx';
import { ServicesManager } from '@/features/admin-services/components/services-manager.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { BackOfficeNav } from './back-office-nav.tsx';
import { RequireAdmin } from './require-admin.tsx';
import './admin.css';

export function AdminServicesRoute() {
  return (
    <RequireAdmin>
      <ServicesPage />
    </RequireAdmin>
  );
}

function ServicesPage() {
  usePageTitle('Services');
  return (
    <div className="container page">
      <div className="admin-toolbar">
        <div>
          <p className="admin-eyebrow">Back office</p>
          <h1>Services</h1>
        </div>
        <LogoutButton />
        <BackOfficeNav />
      </div>
      <ServicesManager />
    </div>
  );
}
