// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Dialog } from './dialog.tsx';

afterEach(cleanup);

function PageWithDialog() {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Show details
      </button>
      <Dialog open={open} title="Details" onClose={() => setOpen(false)}>
        <p>What the dialog says</p>
        <button type="button">Inside</button>
      </Dialog>
    </main>
  );
}

async function openDialog() {
  const opener = screen.getByRole('button', { name: 'Show details' });
  opener.focus();
  fireEvent.click(opener);
  const dialog = await screen.findByRole('dialog', { name: 'Details' });
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return { opener, dialog };
}

describe('Dialog', () => {
  it('is named by its title and takes the focus; the page behind it is hidden while it is open', async () => {
    render(<PageWithDialog />);
    const { dialog } = await openDialog();
    expect(screen.queryByRole('button', { name: 'Before' })).toBeNull();
    expect(within(dialog).getByText('What the dialog says')).toBeTruthy();
  });

  it.each([
    [
      'its Close button',
      (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'Close' })),
    ],
    ['Escape', () => fireEvent.keyDown(document.activeElement!, { key: 'Escape' })],
  ])('closed with %s, it gives the focus back to the button that opened it', async (_, close) => {
    render(<PageWithDialog />);
    const { opener, dialog } = await openDialog();
    close(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
