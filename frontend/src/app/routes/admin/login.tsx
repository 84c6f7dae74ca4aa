import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { AdminLoginForm } from '@/features/admin-auth/components/admin-login-form.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { useAdminToken } from '@/lib/admin-session.ts';
import type { AdminLoginNotice } from './require-admin.tsx';
import './admin.css';

// Staff land on the dashboard of what needs attention; the sidebar leads on from there (product upload included).
const afterLogin = '/admin';

export function AdminLoginRoute() {
  usePageTitle('Admin log in');
  const token = useAdminToken();
  const navigate = useNavigate();
  const { notice } = (useLocation().state ?? {}) as AdminLoginNotice;

  if (token !== null) return <Navigate to={afterLogin} replace />;

  return (
    <div className="container page admin-login">
      <div className="admin-login__card">
        <p className="admin-eyebrow">Back office</p>
        <h1>Log in to your account</h1>
        {notice !== undefined && (
          <p className="banner banner--warning" role="alert">
            {notice}
          </p>
        )}
        <AdminLoginForm onLoggedIn={() => void navigate(afterLogin, { replace: true })} />
      </div>
    </div>
  );
}
