import { Dashboard } from '@/features/admin-dashboard/components/dashboard.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';

/** Where staff land after signing in. */
export function AdminDashboardRoute() {
  usePageTitle('Dashboard');
  return (
    <>
      <div className="admin-toolbar">
        <h1>Dashboard</h1>
      </div>
      <Dashboard />
    </>
  );
}
