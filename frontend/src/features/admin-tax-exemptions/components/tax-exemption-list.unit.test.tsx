// @vitest-environment jsdom
import { configureStore } from '@reduxjs/toolkit';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminTaxExemptionView } from '@labshop/contracts/tax/exemptions-queries';
import { ToastProvider } from '@/components/toast/toast-provider.tsx';
import { adminLoggedIn, adminSessionSlice } from '@/lib/admin-session.ts';
import { renderInShop } from '@/testing/render-in-shop.tsx';
import { refusal, sentTo, serveHttp, type Route } from '@/testing/serve-http.ts';
import { TaxExemptionList } from './tax-exemption-list.tsx';

const certificateId = '9b2f0c1e-3a4d-4e5f-8a6b-7c8d9e0f1a2b';
const customerId = 'c7d8e9f0-1a2b-4c3d-8e4f-5a6b7c8d9e0f';
const underReview: AdminTaxExemptionView = {
  certificateId,
  customerId,
  customerEmail: 'ida@bayou.example',
  decidedBy: '',
  state: 'TX',
  number: 'TX-1234567',
  hasDocument: false,
  status: 'under-review',
  filedAt: '2026-11-30T15:00:00.000Z',
  decidedAt: null,
  reason: '',
};
const rejectPath = `/api/admin/tax-exemptions/${customerId}/reject`;
/** Time for a click that should send nothing to have sent it, were it going to. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 100));

async function openRejectForm(reject: Route) {
  const sent = serveHttp({
    'GET /api/admin/tax-exemptions': { body: { exemptions: [underReview] } },
    [`POST ${rejectPath}`]: reject,
  });
  const store = configureStore({ reducer: { adminSession: adminSessionSlice.reducer } });
  store.dispatch(adminLoggedIn({ token: 'admin-token' }));
  renderInShop(
    <ToastProvider>
      <TaxExemptionList />
    </ToastProvider>,
    { store },
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Reject…' }));
  const form = within(screen.getByRole('form', { name: 'Reject the certificate' }));
  return {
    sent,
    form,
    reason: form.getByLabelText(/^Reason/),
    reject: () => fireEvent.click(form.getByRole('button', { name: 'Reject' })),
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('rejecting a tax exemption certificate in the back office', () => {
  it('asks for a reason with the command’s own words beside the field, focused, and sends nothing', async () => {
    const { sent, form, reason, reject } = await openRejectForm({ body: {} });
    fireEvent.change(reason, { target: { value: '   ' } });
    reject();
    expect(await form.findByText('Reason is required')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(reason));
    await settled();
    expect(sentTo(sent, 'POST', rejectPath)).toHaveLength(0);
  });

  it('puts the server’s 400 field message beside the reason', async () => {
    const { form, reason, reject } = await openRejectForm(
      refusal(400, 'BadRequest', 'Invalid body', { fields: { reason: 'Reason must be at most 500 characters' } }),
    );
    fireEvent.change(reason, { target: { value: 'Expired certificate' } });
    reject();
    expect(await form.findByText('Reason must be at most 500 characters')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
  });

  it('sends the certificate and the reason, holding the button while it goes; another refusal is a toast', async () => {
    let answer: () => void = () => undefined;
    const { sent, form, reason, reject } = await openRejectForm(
      () =>
        new Promise((resolve) => {
          answer = () => resolve(refusal(409, 'Conflict', 'The customer filed a new certificate meanwhile'));
        }),
    );
    fireEvent.change(reason, { target: { value: ' Expired certificate ' } });
    reject();
    await waitFor(() =>
      expect((form.getByRole('button', { name: 'Reject' }) as HTMLButtonElement).disabled).toBe(true),
    );
    answer();
    expect(await screen.findByText('The customer filed a new certificate meanwhile')).toBeTruthy();
    expect(sentTo(sent, 'POST', rejectPath).map((request) => request.body)).toEqual([
      { certificateId, reason: 'Expired certificate' },
    ]);
  });
});
