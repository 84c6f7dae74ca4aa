import { ProductUploadScreen } from '@/features/admin-product-upload/components/product-upload-screen.tsx';
import { AdminPage } from './admin-page.tsx';

/** Where an admin lands after logging in (the spec's /admin/productupload). */
export function AdminProductUploadRoute() {
  return (
    <AdminPage title="Product upload">
      <ProductUploadScreen />
    </AdminPage>
  );
}
