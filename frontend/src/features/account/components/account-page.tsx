import type { ReactNode } from 'react';
import { AccountNav } from './account-nav.tsx';
import './account.css';

interface AccountPageProps {
  heading: ReactNode;
  /** The accessible name of the panel beside the account navigation. */
  panelLabel: string;
  children: ReactNode;
}

/** A page of the account area: its heading, the account navigation and the panel the page fills. */
export function AccountPage({ heading, panelLabel, children }: AccountPageProps) {
  return (
    <div className="container page">
      <h1>{heading}</h1>
      <div className="account-layout">
        <AccountNav />
        <section className="account-panel" aria-label={panelLabel}>
          {children}
        </section>
      </div>
    </div>
  );
}
