import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { Dialog } from '@/components/dialog/dialog.tsx';
import { useStaffSession } from '@/features/admin-auth/api/get-staff-session.ts';
import { LogoutButton } from '@/features/admin-auth/components/logout-button.tsx';
import { BackOfficeNav } from './back-office-nav.tsx';
import { RequireAdmin } from './require-admin.tsx';
import '@/components/layout/layout.css';
import './admin.css';

const roleLabel = { admin: 'Admin' } as const;

/**
 * The back office's own shell, apart from the storefront's header and footer: the shop's name (a way back to the
 * shop) over the sidebar of sections the member's role permits, grouped by job; who is signed in and Log out; the page. On a phone the sidebar is a
 * drawer (a modal dialog: focus kept inside, Escape closes, focus returns to the Menu button).
 */
export function AdminLayout() {
  return (
    <RequireAdmin>
      <AdminShell />
    </RequireAdmin>
  );
}

function AdminShell() {
  const session = useStaffSession();
  const permissions = session.data?.permissions ?? [];
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <div className="admin-shell">
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <aside className="admin-shell__sidebar">
        <Link to="/" className="admin-shell__brand">
          Lab<span>Shop</span>
        </Link>
        <p className="admin-eyebrow admin-shell__eyebrow">Back office</p>
        <BackOfficeNav permissions={permissions} />
      </aside>
      <div className="admin-shell__body">
        <header className="admin-shell__topbar">
          <button
            type="button"
            className="button button--secondary button--small admin-shell__menu-button"
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          >
            Menu
          </button>
          <Link to="/" className="admin-shell__brand admin-shell__brand--topbar">
            Lab<span>Shop</span>
          </Link>
          <div className="admin-shell__member">
            {session.data !== undefined && (
              <p className="admin-shell__member-name">
                <span>{session.data.email}</span>
                <span className="admin-shell__role">{roleLabel[session.data.role]}</span>
              </p>
            )}
            <LogoutButton />
          </div>
        </header>
        <main id="main-content" className="admin-shell__main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      <Dialog open={drawerOpen} title="Back office" onClose={() => setDrawerOpen(false)}>
        <BackOfficeNav permissions={permissions} onNavigate={() => setDrawerOpen(false)} />
      </Dialog>
    </div>
  );
}
