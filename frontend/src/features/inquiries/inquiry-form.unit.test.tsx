// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInShop } from '@/testing/render-in-shop.tsx';
import { refusal, sentTo, serveHttp } from '@/testing/serve-http.ts';
import { InquiryForm } from './inquiry-form.tsx';

const form = () => within(screen.getByRole('form', { name: 'Inquiry form' }));
const field = (label: string) => form().getByLabelText(new RegExp(`^${label}( \\*)?$`));
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const send = () => fireEvent.click(form().getByRole('button', { name: 'Send inquiry' }));
/** Time for a click that should send nothing to have sent it, were it going to. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 100));

function fillInquiry() {
  type('First name', 'Ada');
  type('Last name', 'Lovelace');
  type('Company', 'Analytical Labs');
  type('Email', 'ada@example.com');
  type('Comment', 'What titer can you reach?');
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the inquiry form', () => {
  it('refuses an incomplete inquiry with the spec’s words and the schema’s beside each field, focused, and sends nothing', async () => {
    const sent = serveHttp({ 'POST /api/inquiries': { body: { message: 'ok' } } });
    renderInShop(<InquiryForm service="Lentivirus Packaging" />);
    type('Email', 'not an email');
    send();
    expect((await form().findByRole('alert')).textContent).toBe('Please fill all required fields');
    expect(form().getByText('First name is required')).toBeTruthy();
    expect(form().getByText('Please enter a valid email address')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field('First name')));
    await settled();
    expect(sentTo(sent, 'POST', '/api/inquiries')).toHaveLength(0);
  });

  it('puts the server’s 400 field message on its field and says the inquiry failed', async () => {
    serveHttp({
      'POST /api/inquiries': refusal(400, 'BadRequest', 'Invalid body', {
        fields: { company: 'Company is not accepted' },
      }),
    });
    renderInShop(<InquiryForm service="Lentivirus Packaging" />);
    fillInquiry();
    send();
    expect(await form().findByText('Company is not accepted')).toBeTruthy();
    expect(form().getByRole('alert').textContent).toBe('Failed to send inquiry');
    expect(field('Company').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field('Company')));
  });

  it('sends the inquiry for the page’s service, holds the button while it goes, then says so and starts again', async () => {
    let answer: () => void = () => undefined;
    const sent = serveHttp({
      'POST /api/inquiries': () => new Promise((resolve) => (answer = () => resolve({ body: { message: 'ok' } }))),
    });
    renderInShop(<InquiryForm service="Lentivirus Packaging" />);
    fillInquiry();
    send();
    const sending = await form().findByRole('button', { name: 'Sending…' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    answer();
    expect((await form().findByRole('status')).textContent).toBe('Inquiry sent successfully!');
    expect(sentTo(sent, 'POST', '/api/inquiries').map((request) => request.body)).toEqual([
      {
        service: 'Lentivirus Packaging',
        firstName: 'Ada',
        lastName: 'Lovelace',
        company: 'Analytical Labs',
        phone: '',
        email: 'ada@example.com',
        comment: 'What titer can you reach?',
        website: '',
      },
    ]);
    expect((field('First name') as HTMLInputElement).value).toBe('');
    expect((field('Service') as HTMLInputElement).value).toBe('Lentivirus Packaging');
  });
});
