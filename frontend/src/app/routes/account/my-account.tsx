import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { AccountDetails } from '@/features/account/components/account-details.tsx';
import { DownloadMyData } from '@/features/account/components/download-my-data.tsx';
import { TaxExemption } from '@/features/account/components/tax-exemption.tsx';
import { useToast } from '@/components/toast/toast-provider.tsx';
import { AccountPage } from '@/features/account/components/account-page.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { useCustomerDetails } from '@/lib/customer-session.ts';
import { RequireCustomer } from './require-customer.tsx';

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
    <AccountPage heading={`${customer.firstName} ${customer.lastName} - My Account`} panelLabel="Account details">
      <AccountDetails customer={customer} />
      <TaxExemption />
      <DownloadMyData />
    </AccountPage>
  );
}
