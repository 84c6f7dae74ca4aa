import { ProfileForm } from '@/features/account/components/profile-form.tsx';
import { useAccountProfile } from '@/features/account/api/get-account-profile.ts';
import { AccountPage } from '@/features/account/components/account-page.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { RequireCustomer } from './require-customer.tsx';

export function MyProfileRoute() {
  return (
    <RequireCustomer>
      <MyProfile />
    </RequireCustomer>
  );
}

function MyProfile() {
  usePageTitle('My Profile');
  const { data: account, isPending, isError } = useAccountProfile();
  return (
    <AccountPage heading="My Profile" panelLabel="Profile">
      {isPending && <p role="status">Loading your profile…</p>}
      {isError && (
        <p className="banner banner--error" role="alert">
          Unable to load profile data.
        </p>
      )}
      {account && (
        <ProfileForm
          key={account.customerId}
          customerId={account.customerId}
          saved={account.profile}
          filledFromLatestOrder={account.filledFromLatestOrder}
        />
      )}
    </AccountPage>
  );
}
