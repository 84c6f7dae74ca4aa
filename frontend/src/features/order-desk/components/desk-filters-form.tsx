import { useState, type FormEvent } from 'react';
import { orderDeskListQuery } from '@labshop/contracts/orders/desk-queries';
import { orderStatuses } from '@labshop/contracts/orders/queries';
import { US_STATES } from '@labshop/contracts/us-states';
import { TextField } from '@/components/text-field/text-field.tsx';
import { noFilters, searchFromFilters, type DeskFilters } from '../desk-filters.ts';
import { FormActions } from '@/components/form-actions/form-actions.tsx';

/** The query API's own check of the filters, so a refusal is said beside the field in the server's words before any request. */
function filterErrors(filters: DeskFilters): Partial<Record<keyof DeskFilters, string>> {
  const result = orderDeskListQuery.safeParse(Object.fromEntries(searchFromFilters(filters)));
  if (result.success) return {};
  const errors: Partial<Record<keyof DeskFilters, string>> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0]) as keyof DeskFilters] ??= issue.message;
  return errors;
}

interface DeskFiltersFormProps {
  filters: DeskFilters;
  onApply(filters: DeskFilters): void;
}

/**
 * The list's filters as one form: typing does not refetch on every key, Enter or Apply does. A new
 * filter starts again at the first page.
 */
export function DeskFiltersForm({ filters, onApply }: DeskFiltersFormProps) {
  const [draft, setDraft] = useState(filters);
  const [errors, setErrors] = useState<Partial<Record<keyof DeskFilters, string>>>({});
  // The URL can change under the form (Back, a nav link): the form follows it.
  const [shown, setShown] = useState(filters);
  if (shown !== filters) {
    setShown(filters);
    setDraft(filters);
    setErrors({});
  }

  const set =
    (name: keyof Omit<DeskFilters, 'page' | 'unpaid' | 'backorders'>) => (event: { target: { value: string } }) =>
      setDraft((current) => ({ ...current, [name]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = { ...draft, search: draft.search.trim(), page: 1 };
    const refused = filterErrors(next);
    setErrors(refused);
    if (Object.keys(refused).length === 0) onApply(next);
  };

  return (
    <form className="desk-filters" aria-label="Filter orders and quotes" onSubmit={submit} noValidate>
      <TextField
        label="Search orders"
        type="search"
        hint="A part of the order number, customer name, company, email or PO number"
        value={draft.search}
        onChange={set('search')}
        autoComplete="off"
        spellCheck={false}
        error={errors.search}
      />
      <div className="field">
        <label className="field__label" htmlFor="desk-status">
          Status
        </label>
        <select id="desk-status" className="field__input" value={draft.status} onChange={set('status')}>
          <option value="">Any status</option>
          {orderStatuses.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor="desk-kind">
          Orders or quotes
        </label>
        <select id="desk-kind" className="field__input" value={draft.kind} onChange={set('kind')}>
          <option value="">Orders and quotes</option>
          <option value="orders">Orders</option>
          <option value="quotes">Quotes</option>
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor="desk-state">
          Ship-to state
        </label>
        <select id="desk-state" className="field__input" value={draft.state} onChange={set('state')}>
          <option value="">Any state</option>
          {US_STATES.map((state) => (
            <option key={state.code} value={state.code}>
              {state.name}
            </option>
          ))}
        </select>
      </div>
      <label className="choice">
        <input
          type="checkbox"
          checked={draft.unpaid}
          onChange={(event) => setDraft((current) => ({ ...current, unpaid: event.target.checked }))}
        />
        Show unpaid checkouts
      </label>
      <label className="choice">
        <input
          type="checkbox"
          checked={draft.backorders}
          onChange={(event) => setDraft((current) => ({ ...current, backorders: event.target.checked }))}
        />
        Backorders only
      </label>
      <TextField
        label="Placed from"
        type="date"
        value={draft.from}
        max={draft.to === '' ? undefined : draft.to}
        onChange={set('from')}
        error={errors.from}
      />
      <TextField
        label="Placed to"
        type="date"
        value={draft.to}
        min={draft.from === '' ? undefined : draft.from}
        onChange={set('to')}
        error={errors.to}
      />
      <FormActions
        className="desk-filters__actions"
        pending={false}
        submitLabel="Apply filters"
        secondary={{ label: 'Clear', onClick: () => onApply(noFilters) }}
      />
    </form>
  );
}
