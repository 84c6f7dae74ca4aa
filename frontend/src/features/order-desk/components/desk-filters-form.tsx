import { useState, type FormEvent } from 'react';
import { orderStatuses } from '@labshop/shared/queries/orders';
import { US_STATES } from '@labshop/shared/us-states';
import { noFilters, type DeskFilters } from '../desk-filters.ts';

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
  // The URL can change under the form (Back, a nav link): the form follows it.
  const [shown, setShown] = useState(filters);
  if (shown !== filters) {
    setShown(filters);
    setDraft(filters);
  }

  const set = (name: keyof Omit<DeskFilters, 'page'>) => (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [name]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...draft, email: draft.email.trim(), orderNumber: draft.orderNumber.trim().toUpperCase(), page: 1 });
  };

  return (
    <form className="desk-filters" aria-label="Filter orders and quotes" onSubmit={submit}>
      <div className="field">
        <label className="field__label" htmlFor="desk-order-number">
          Order number
        </label>
        <input id="desk-order-number" className="field__input" value={draft.orderNumber} onChange={set('orderNumber')} autoComplete="off" spellCheck={false} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor="desk-email">
          Customer email
        </label>
        <input id="desk-email" type="email" className="field__input" value={draft.email} onChange={set('email')} autoComplete="off" />
      </div>
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
      <div className="field">
        <label className="field__label" htmlFor="desk-from">
          Placed from
        </label>
        <input id="desk-from" type="date" className="field__input" value={draft.from} max={draft.to === '' ? undefined : draft.to} onChange={set('from')} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor="desk-to">
          Placed to
        </label>
        <input id="desk-to" type="date" className="field__input" value={draft.to} min={draft.from === '' ? undefined : draft.from} onChange={set('to')} />
      </div>
      <div className="desk-filters__actions">
        <button type="submit" className="button button--primary">
          Apply filters
        </button>
        <button type="button" className="button button--secondary" onClick={() => onApply(noFilters)}>
          Clear
        </button>
      </div>
    </form>
  );
}
