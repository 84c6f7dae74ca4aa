// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { ContactForm } from './contact-form.tsx';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>
    <MemoryRouter>{children}</MemoryRouter>
  </QueryClientProvider>
);

afterEach(cleanup);

describe('the contact form', () => {
  it('starts from the subject and message a link carried ("Request this item"), cut to the subject’s limit', () => {
    render(
      <ContactForm prefill={{ subject: `Request: ${'x'.repeat(200)}`, message: 'I would like to request it.' }} />,
      { wrapper },
    );
    expect((screen.getByRole('textbox', { name: /^Subject/ }) as HTMLInputElement).value).toHaveLength(100);
    expect((screen.getByRole('textbox', { name: /^Message/ }) as HTMLTextAreaElement).value).toBe(
      'I would like to request it.',
    );
  });

  it('starts empty without one', () => {
    render(<ContactForm />, { wrapper });
    expect((screen.getByRole('textbox', { name: /^Subject/ }) as HTMLInputElement).value).toBe('');
  });
});
