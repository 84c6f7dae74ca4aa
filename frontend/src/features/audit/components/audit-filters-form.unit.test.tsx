// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { noAuditFilters, type AuditFilters } from '../audit-filters.ts';
import { AuditFiltersForm } from './audit-filters-form.tsx';

afterEach(cleanup);

function renderForm(filters: AuditFilters = noAuditFilters) {
  const applied: AuditFilters[] = [];
  const form = (shown: AuditFilters) => <AuditFiltersForm filters={shown} onApply={(next) => applied.push(next)} />;
  const { rerender } = render(form(filters));
  return { applied, rerender: (next: AuditFilters) => rerender(form(next)) };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const apply = () => fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
/** Time for a click that should apply nothing to have applied it, were it going to. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('the audit log’s filters', () => {
  it('refuses a range that ends before it starts in the query API’s words, beside To and focused, and applies nothing', async () => {
    const { applied } = renderForm();
    type('From', '2026-11-20T10:00:00');
    type('To', '2026-11-02T10:00:00');
    apply();
    expect(await screen.findByText('To must not be before From')).toBeTruthy();
    expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('To')));
    await settled();
    expect(applied).toEqual([]);
  });

  it('applies the filters trimmed, the moments as instants, from the first page', async () => {
    const { applied } = renderForm({ ...noAuditFilters, page: 4 });
    type('Admin (email or id)', '  owner@example.com ');
    type('Action', 'product-renamed');
    type('From', '2026-11-01T10:00:00');
    apply();
    await waitFor(() =>
      expect(applied).toEqual([
        {
          ...noAuditFilters,
          actor: 'owner@example.com',
          action: 'product-renamed',
          from: new Date('2026-11-01T10:00:00').toISOString(),
        },
      ]),
    );
  });

  it('follows the filters when the address changes under the form, dropping what was typed', async () => {
    const { rerender } = renderForm({ ...noAuditFilters, action: 'order-confirmed' });
    type('Action', 'typed, not applied');
    rerender({ ...noAuditFilters, entityType: 'order' });
    await waitFor(() => expect((screen.getByLabelText('Action') as HTMLInputElement).value).toBe(''));
    expect((screen.getByLabelText('Entity type') as HTMLInputElement).value).toBe('order');
  });
});
