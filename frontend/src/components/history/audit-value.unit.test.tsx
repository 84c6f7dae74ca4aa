// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AuditValue } from './audit-value.tsx';

afterEach(cleanup);

const image = { name: 'a1b2.png', originalName: 'tile.png', contentType: 'image/png', size: 10 };
const manual = { name: 'c3d4.pdf', originalName: 'Manual v2.pdf', contentType: 'application/pdf', size: 20 };

describe('AuditValue', () => {
  it('shows a detail’s files by the names they were uploaded with, each a link to the file', () => {
    render(<AuditValue field="files" value={{ image, manualPdf: manual, flyerPdf: null }} />);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Image: tile.png',
      'Manual (PDF): Manual v2.pdf',
      'Flyer (PDF): none',
    ]);
    expect(screen.getByRole('link', { name: 'tile.png (opens in a new tab)' }).getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: /tile\.png/ }).getAttribute('href')).toBe('/content/a1b2.png');
    expect(screen.getByRole('link', { name: /Manual v2\.pdf/ }).getAttribute('href')).toBe('/content/c3d4.pdf');
  });

  it('links a single file, and shows anything else as text', () => {
    const { container } = render(
      <>
        <AuditValue field="image" value={image} />
        <AuditValue field="subtotalCents" value={21000} />
      </>,
    );
    expect(screen.getByRole('link', { name: /tile\.png/ }).getAttribute('href')).toBe('/content/a1b2.png');
    expect(container.textContent).toContain('$210.00');
  });
});
