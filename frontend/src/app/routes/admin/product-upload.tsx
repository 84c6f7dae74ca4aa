import { LogoutButton } from '@/features/admin-auth/components/logout-button.tsx';
import { ProductUploadScreen } from '@/features/admin-product-upload/components/product-upload-screen.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { BackOfficeNav } from './back-office-nav.tsx';
import { RequireAdmin } from './require-admin.tsx';
import './admin.css';

/** Where an admin lands after logging in (the spec's /admin/productupload). */
export function AdminProductUploadRoute() {
  return (
    <RequireAdmin>
      <ProductUploadPage />
    </RequireAdmin>
  );
}

function ProductUploadPage() {
  usePageTitle('Product upload');
  return (
    <div className="container page">
      <div className="admin-toolbar">
        <div>
          <p className="admin-eyebrow">Back office</p>
          <h1>Product upload</h1>
        </div>
        <LogoutButton />
        <BackOfficeNav />
      </div>
      <ProductUploadScreen />
    </div>
  );
}
