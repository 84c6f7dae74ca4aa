import { TaxExemptionList } from '@/features/admin-tax-exemptions/components/tax-exemption-list.tsx';
import { AdminPage } from './admin-page.tsx';

export function AdminTaxExemptionsRoute() {
  return (
    <AdminPage title="Tax exemptions">
      <p className="page__lead">
        Certificates customers filed. Orders are charged sales tax until you verify the certificate; then orders shipped
        to its state are tax free.
      </p>
      <TaxExemptionList />
    </AdminPage>
  );
}
