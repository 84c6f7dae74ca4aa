import { ServicesManager } from '@/features/admin-services/components/services-manager.tsx';
import { AdminPage } from './admin-page.tsx';

export function AdminServicesRoute() {
  return (
    <AdminPage title="Services">
      <ServicesManager />
    </AdminPage>
  );
}
