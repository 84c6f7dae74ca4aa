import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { Breadcrumb } from '@/components/breadcrumb/breadcrumb.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { companyLinks } from '@/lib/site-links.ts';
import './company-pages.css';

interface CompanyPageProps {
  title: string;
  lead?: string;
  /** Shown under the heading, e.g. when a policy last changed. */
  meta?: string;
  children: ReactNode;
}

/** The frame of the static company pages: breadcrumb, heading, the text, and the other company pages beside it. */
export function CompanyPage({ title, lead, meta, children }: CompanyPageProps) {
  usePageTitle(title);
  return (
    <div className="container page">
      <Breadcrumb crumbs={[{ label: 'Home', to: '/' }, { label: title }]} />
      <div className="page-with-aside company-page">
        <article className="company-page__text">
          <header className="page__header">
            <h1>{title}</h1>
            {meta !== undefined && <p className="company-page__meta">{meta}</p>}
            {lead !== undefined && <p className="page__lead">{lead}</p>}
          </header>
          {children}
        </article>
        <nav className="company-page__nav" aria-label="Company">
          <h2 className="company-page__nav-title">Company</h2>
          <ul>
            {companyLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to}>{link.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
