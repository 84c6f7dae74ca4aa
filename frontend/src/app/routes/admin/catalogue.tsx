import { CatalogueManager } from '@/features/admin-catalogue/components/catalogue-manager.tsx';
import { AdminPage } from './admin-page.tsx';

export function AdminCatalogueRoute() {
  return (
    <AdminPage title="Catalogue manager">
      <CatalogueManager />
    </AdminPage>
  );
}
