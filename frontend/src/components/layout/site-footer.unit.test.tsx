// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPANY_PROFILE } from '@labshop/contracts/company-profile';
import { SiteFooter } from './site-footer.tsx';

afterEach(cleanup);

describe('the site footer', () => {
  it('shows the company profile’s phone, email and hours (as the invoices and mails do) and its social links (spec)', () => {
    render(<SiteFooter />, { wrapper: MemoryRouter });
    expect(screen.getByRole('link', { name: COMPANY_PROFILE.phone }).getAttribute('href')).toBe('tel:+18005550100');
    expect(screen.getByRole('link', { name: COMPANY_PROFILE.email }).getAttribute('href')).toBe(
      `mailto:${COMPANY_PROFILE.email}`,
    );
    expect(screen.getByText(COMPANY_PROFILE.supportHours)).toBeTruthy();
    const social = within(screen.getByRole('list', { name: 'Follow us' })).getAllByRole('link');
    expect(social.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      COMPANY_PROFILE.social.map(({ label, href }) => [label, href]),
    );
  });
});
