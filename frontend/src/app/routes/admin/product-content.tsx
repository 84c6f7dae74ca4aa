import { ProductContentEditor } from '@/features/admin-catalogue/components/product-content-editor.tsx';
import { AdminPage } from './admin-page.tsx';

export function ProductContentRoute() {
  return (
    <AdminPage title="Product content" parent={{ label: 'Catalogue manager', to: '/admin/catalogue' }}>
      <ProductContentEditor />
    </AdminPage>
  );
}
