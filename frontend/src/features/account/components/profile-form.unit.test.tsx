// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProfileForm, profileMessages } from './profile-form.tsx';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
);
const empty = {
  fullName: '',
  company: '',
  vatNumber: '',
  phone: '',
  address1: '',
  address2: '',
  city: '',
  state: '',
  zipCode: '',
};
const fromOrder = {
  fullName: 'Ida Boudreaux',
  company: 'Bayou Bio',
  vatNumber: 'TX-EX-77',
  phone: '+1 504 555 0123',
  address1: '7 Levee Rd',
  address2: '',
  city: 'Metairie',
  state: 'LA',
  zipCode: '70001',
};

afterEach(cleanup);

describe('My Profile form', () => {
  it('marks the required fields with * and calls the exemption what checkout calls it', () => {
    render(<ProfileForm customerId="c1" saved={empty} />, { wrapper });
    const labels = {
      fullName: 'Display name',
      phone: 'Phone number',
      address1: 'Address',
      city: 'City',
      state: 'State',
      zipCode: 'Zip',
    };
    for (const [field, label] of Object.entries(labels)) {
      expect(document.querySelector(`label[for="profile-${field}"]`)?.textContent).toBe(`${label} *`);
      expect(document.getElementById(`profile-${field}`)?.getAttribute('aria-required')).toBe('true');
    }
    expect(screen.getByLabelText('Tax Exempt Number (optional)')).toBeTruthy();
    expect(screen.queryByText(/VAT/)).toBeNull();
    expect(screen.getByLabelText('Company (optional)').closest('.field')?.textContent).not.toContain('*');
  });

  it('an empty save says what is missing beside each field, with no form-wide "Invalid form" message', async () => {
    render(<ProfileForm customerId="c1" saved={empty} />, { wrapper });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Display name is required')).toBeTruthy();
    expect(screen.getByText('State is required')).toBeTruthy();
    expect(screen.queryByText(profileMessages.invalid)).toBeNull();
    await waitFor(() => expect(document.activeElement?.id).toBe('profile-fullName'));
  });

  it('says when it was filled from the latest order', () => {
    render(<ProfileForm customerId="c1" saved={fromOrder} filledFromLatestOrder />, { wrapper });
    expect(screen.getByRole('status').textContent).toMatch(/Filled in from your latest order/);
    expect((screen.getByLabelText('Tax Exempt Number (optional)') as HTMLInputElement).value).toBe('TX-EX-77');
    // The state by its code, as checkout keeps it, shown by its name.
    const state = screen.getByLabelText('State *') as HTMLSelectElement;
    expect(state.value).toBe('LA');
    expect(state.selectedOptions[0]?.textContent).toBe('Louisiana');
  });
});
