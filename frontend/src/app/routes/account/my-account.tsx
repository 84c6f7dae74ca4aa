import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { AccountDetails } from '@/features/account/components/account-details.tsx';
import { AccountNav } from '@/features/account/components/account-nav.tsx';
import { DownloadMyData } from '@/features/account/components/download-my-data.tsx';
import { TaxExemption } from '@/features/account/components/tax-exemption.tsx';
import { useToast } from '@/components/toast/toast-provider.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { useCustomerDetails } from '@/lib/customer-session.ts';
import { RequireCustomer } from './require-customer.tsx';
import '@/features/account/components/account.css';

export function MyAccountRoute() {
  return (
    <RequireCustomer>
      <MyAccount />
    </RequireCustomer>
  );
}

function MyAccount() {
  usePageTitle('My Account');
  const customer = useCustomerDetails();
  const toast = useToast();
  const navigate = useNavigate();

  useEffect(() => {
    if (customer !== null) return;
    toast.error('Some technical issue occurred. Please try again later.');
    void navigate('/', { replace: true });
  }, [customer, toast, navigate]);

  if (customer === null) return null;
  return (
    <div className="container page">
      <h1>
        {customer.firstName} {customer.lastName} - My Account
      </h1>
      <div className="account-layout">
        <AccountNav />
        <section className="account-panel" aria-label="Account details">
          <AccountDetails customer={customer} />
          <TaxExemption />
          <DownloadMyData />
        </section>
      </div>
    </div>
  );
}
