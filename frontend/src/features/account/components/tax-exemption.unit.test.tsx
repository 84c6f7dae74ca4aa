// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { File as NodeFile } from 'node:buffer';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { taxExemptionMessages } from '@labshop/contracts/tax/exemptions-commands';
import { renderInShop } from '@/testing/render-in-shop.tsx';
import { refusal, sentTo, serveHttp, type Route } from '@/testing/serve-http.ts';
import { TaxExemption } from './tax-exemption.tsx';

const filePath = '/api/account/tax-exemption';
const form = () => within(screen.getByRole('region', { name: 'Tax exemption' }));
const number = () => form().getByLabelText(/^Certificate number/);
const file = () => fireEvent.click(form().getByRole('button', { name: /^File/ }));
/** A picked PDF; Node's File, since jsdom's cannot give its bytes (arrayBuffer) as a browser's does. */
const pdfFile = () => new NodeFile(['%PDF-1.4'], 'scan.pdf', { type: 'application/pdf' });
/** Time for a click that should send nothing to have sent it, were it going to. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 100));

function renderForm(put: Route) {
  const sent = serveHttp({ 'GET /api/account/tax-exemption': { body: { exemption: null } }, [`PUT ${filePath}`]: put });
  renderInShop(<TaxExemption />);
  return sent;
}

const fill = (state: string, certificate: string) => {
  fireEvent.change(form().getByLabelText(/^Issuing state/), { target: { value: state } });
  fireEvent.change(number(), { target: { value: certificate } });
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('My Account’s tax exemption form', () => {
  it('refuses a number the command refuses, beside it and focused, sends nothing, and forgets it as the number changes', async () => {
    const sent = renderForm({ body: {} });
    fill('TX', 'N/A');
    file();
    expect(await form().findByText(taxExemptionMessages.number)).toBeTruthy();
    expect(number().getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(number()));
    await settled();
    expect(sentTo(sent, 'PUT', filePath)).toHaveLength(0);
    fireEvent.change(number(), { target: { value: 'TX-1234567' } });
    expect(form().queryByText(taxExemptionMessages.number)).toBeNull();
  });

  it('refuses a picked file that is no PDF beside the file input, and sends nothing', async () => {
    const sent = renderForm({ body: {} });
    fill('TX', 'TX-1234567');
    const picker = form().getByLabelText(/^Certificate PDF/);
    fireEvent.change(picker, { target: { files: [new File(['hello'], 'scan.png', { type: 'image/png' })] } });
    file();
    expect(await form().findByText(taxExemptionMessages.notPdf)).toBeTruthy();
    expect(picker.getAttribute('aria-invalid')).toBe('true');
    await settled();
    expect(sentTo(sent, 'PUT', filePath)).toHaveLength(0);
  });

  it('puts the server’s 400 field message on its field, with nothing more above the form', async () => {
    renderForm(refusal(400, 'BadRequest', 'Invalid body', { fields: { pdfBase64: taxExemptionMessages.scripted } }));
    fill('TX', 'TX-1234567');
    fireEvent.change(form().getByLabelText(/^Certificate PDF/), {
      target: { files: [pdfFile()] },
    });
    file();
    expect(await form().findByText(taxExemptionMessages.scripted)).toBeTruthy();
    expect(form().queryByRole('alert')).toBeNull();
  });

  it('sends the state, the number as the server keeps it and the PDF, holding the button while it goes', async () => {
    let answer: () => void = () => undefined;
    const sent = renderForm(
      () =>
        new Promise((resolve) => {
          answer = () => resolve({ body: { certificateId: 'c1', status: 'under-review', position: '5' } });
        }),
    );
    fill('TX', ' tx-1234567 ');
    fireEvent.change(form().getByLabelText(/^Certificate PDF/), {
      target: { files: [pdfFile()] },
    });
    file();
    const pending = (await form().findByRole('button', { name: 'Filing…' })) as HTMLButtonElement;
    expect(pending.disabled).toBe(true);
    answer();
    expect(await form().findByRole('status')).toBeTruthy();
    expect(sentTo(sent, 'PUT', filePath).map((request) => request.body)).toEqual([
      { state: 'TX', number: 'TX-1234567', pdfBase64: btoa('%PDF-1.4') },
    ]);
  });

  it('says a refusal without field messages above the form', async () => {
    renderForm(refusal(409, 'Conflict', 'A certificate is already being reviewed'));
    fill('TX', 'TX-1234567');
    file();
    expect((await form().findByRole('alert')).textContent).toBe('A certificate is already being reviewed');
  });
});
