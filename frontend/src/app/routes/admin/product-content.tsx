import { Link } from 'react-router-dom';
import { ProductContentEditor } from '@/features/admin-catalogue/components/product-content-editor.tsx';
import { AdminPage } from './admin-page.tsx';

export function ProductContentRoute() {
  return (
    <AdminPage title="Product content" parent={<Link to="/admin/catalogue">Catalogue manager</Link>}>
      <ProductContentEditor />
    </AdminPage>
  );
}
