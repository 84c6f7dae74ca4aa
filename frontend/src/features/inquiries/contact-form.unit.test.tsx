// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInShop } from '@/testing/render-in-shop.tsx';
import { refusal, sentTo, serveHttp } from '@/testing/serve-http.ts';
import { ContactForm } from './contact-form.tsx';

const form = () => within(screen.getByRole('form', { name: 'Contact form' }));
const field = (label: string) => form().getByLabelText(new RegExp(`^${label}( \\*)?$`));
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const send = () => fireEvent.click(form().getByRole('button', { name: 'Send message' }));
/** Time for a click that should send nothing to have sent it, were it going to. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 100));

function fillMessage() {
  type('Subject', 'Distributors');
  type('Name', 'Ada Lovelace');
  type('Email', 'ada@example.com');
  type('Title', 'Buyer');
  type('Department', 'Purchasing');
  type('Message', 'Do you work with distributors in Louisiana?');
  fireEvent.click(form().getByRole('checkbox', { name: 'Distributorship' }));
  fireEvent.click(form().getByRole('checkbox', { name: 'Products' }));
  fireEvent.click(form().getByRole('checkbox', { name: /I agree to the terms and conditions/ }));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the contact form', () => {
  it('starts from the subject and message a link carried ("Request this item"), cut to the subject’s limit', () => {
    renderInShop(
      <ContactForm prefill={{ subject: `Request: ${'x'.repeat(200)}`, message: 'I would like to request it.' }} />,
    );
    expect((screen.getByRole('textbox', { name: /^Subject/ }) as HTMLInputElement).value).toHaveLength(100);
    expect((screen.getByRole('textbox', { name: /^Message/ }) as HTMLTextAreaElement).value).toBe(
      'I would like to request it.',
    );
  });

  it('starts empty without one', () => {
    renderInShop(<ContactForm />);
    expect((screen.getByRole('textbox', { name: /^Subject/ }) as HTMLInputElement).value).toBe('');
  });

  it('refuses a message without the terms accepted, says so beside the box, focuses it and sends nothing', async () => {
    const sent = serveHttp({ 'POST /api/contact-messages': { body: { message: 'ok' } } });
    renderInShop(<ContactForm />);
    fillMessage();
    fireEvent.click(form().getByRole('checkbox', { name: /I agree to the terms and conditions/ }));
    send();
    expect(await form().findByText('Please accept the terms and conditions')).toBeTruthy();
    const terms = form().getByRole('checkbox', { name: /I agree to the terms and conditions/ });
    expect(terms.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(terms));
    await settled();
    expect(sentTo(sent, 'POST', '/api/contact-messages')).toHaveLength(0);
  });

  it('puts the server’s 400 field message on its field; a rate limit says the server’s own words', async () => {
    let refused = refusal(400, 'BadRequest', 'Invalid body', { fields: { department: 'Department is not known' } });
    serveHttp({ 'POST /api/contact-messages': () => refused });
    renderInShop(<ContactForm />);
    fillMessage();
    send();
    expect(await form().findByText('Department is not known')).toBeTruthy();
    expect(form().getByRole('alert').textContent).toBe('Something went wrong. Please try again');
    await waitFor(() => expect(document.activeElement).toBe(field('Department')));

    refused = refusal(429, 'TooManyRequests', 'Too many messages: try again in a minute');
    send();
    await waitFor(() => expect(form().getByRole('alert').textContent).toBe('Too many messages: try again in a minute'));
  });

  it('sends the message with its interests comma-joined in the options’ order, says it was sent and clears', async () => {
    const sent = serveHttp({ 'POST /api/contact-messages': { body: { message: 'ok' } } });
    renderInShop(<ContactForm />);
    fillMessage();
    send();
    expect((await form().findByRole('status')).textContent).toBe('Your message has been sent!');
    expect(sentTo(sent, 'POST', '/api/contact-messages').map((request) => request.body)).toEqual([
      {
        subject: 'Distributors',
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        extension: '',
        title: 'Buyer',
        department: 'Purchasing',
        message: 'Do you work with distributors in Louisiana?',
        termsAccepted: true,
        interests: 'Products,Distributorship',
        website: '',
      },
    ]);
    expect((field('Subject') as HTMLInputElement).value).toBe('');
    expect((form().getByRole('checkbox', { name: 'Products' }) as HTMLInputElement).checked).toBe(false);
  });
});
