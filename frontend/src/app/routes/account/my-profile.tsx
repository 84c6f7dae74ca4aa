import { AccountNav } from '@/features/account/components/account-nav.tsx';
import { ProfileForm } from '@/features/account/components/profile-form.tsx';
import { useAccountProfile } from '@/features/account/api/get-account-profile.ts';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { RequireCustomer } from './require-customer.tsx';
import '@/features/account/components/account.css';

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
    <div className="container page">
      <h1>My Profile</h1>
      <div className="account-layout">
        <AccountNav />
        <section className="account-panel" aria-label="Profile">
          {isPending && <p role="status">Loading your profile…</p>}
          {isError && (
            <p className="banner banner--error" role="alert">
              Unable to load profile data.
            </p>
          )}
          {account && <ProfileForm key={account.customerId} customerId={account.customerId} saved={account.profile} filledFromLatestOrder={account.filledFromLatestOrder} />}
        </section>
      </div>
    </div>
  );
}
