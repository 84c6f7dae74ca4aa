import type { ReactNode } from 'react';
import { Breadcrumb, type Crumb } from '@/components/breadcrumb/breadcrumb.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';

interface AdminPageProps {
  title: string;
  /** Between the dashboard and this page in the breadcrumbs: the section this page belongs to. */
  parent?: Crumb;
  /** Beside the heading (e.g. the History button of what the page edits). */
  actions?: ReactNode;
  children: ReactNode;
}

/** A back-office page inside the admin shell: breadcrumbs from the dashboard, its title and actions. */
export function AdminPage({ title, parent, actions, children }: AdminPageProps) {
  usePageTitle(title);
  return (
    <>
      <AdminBreadcrumb parent={parent} current={title} />
      <div className="admin-toolbar">
        <h1>{title}</h1>
        {actions}
      </div>
      {children}
    </>
  );
}

/** Dashboard › section › this page; the dashboard itself has none. */
export function AdminBreadcrumb({ parent, current }: { parent?: Crumb; current: string }) {
  const crumbs: Crumb[] = [{ label: 'Dashboard', to: '/admin' }, ...(parent ? [parent] : []), { label: current }];
  return <Breadcrumb crumbs={crumbs} />;
}
