import { orderDeskListQuery } from '@labshop/contracts/orders/desk-queries';
import { orderStatuses } from '@labshop/contracts/orders/queries';
import { TextField } from '@/components/text-field/text-field.tsx';
import { useCommandForm } from '@/hooks/use-command-form.ts';
import { noFilters, searchFromFilters, type DeskFilters } from '../desk-filters.ts';
import { FormActions } from '@/components/form-actions/form-actions.tsx';
import { StateOptions } from '@/components/state-options/state-options.tsx';

/** The filters as they are applied: the search trimmed, from the first page. */
const applied = (draft: DeskFilters): DeskFilters => ({ ...draft, search: draft.search.trim(), page: 1 });

interface DeskFiltersFormProps {
  filters: DeskFilters;
  onApply(filters: DeskFilters): void;
}

/**
 * The list's filters as one form: typing does not refetch on every key, Enter or Apply does. A new
 * filter starts again at the first page. The query API's own schema checks them first, so a refusal is
 * said beside its field in the server's words before any request.
 */
export function DeskFiltersForm({ filters, onApply }: DeskFiltersFormProps) {
  const { form, formRef, field, onSubmit } = useCommandForm<DeskFilters, unknown>({
    schema: orderDeskListQuery,
    toInput: (draft) => Object.fromEntries(searchFromFilters(applied(draft))),
    // The URL can change under the form (Back, a nav link): the form follows it.
    values: filters,
    focusRefused: true,
  });
  // Each end of the range bounds the other's picker.
  const [from, to] = form.watch(['from', 'to']);
  const placed = [
    { name: 'from', label: 'Placed from', range: { max: to === '' ? undefined : to } },
    { name: 'to', label: 'Placed to', range: { min: from === '' ? undefined : from } },
  ] as const;

  const submit = onSubmit(() => onApply(applied(form.getValues())));

  return (
    <form ref={formRef} className="desk-filters" aria-label="Filter orders and quotes" onSubmit={submit} noValidate>
      <TextField
        label="Search orders"
        type="search"
        hint="A part of the order number, customer name, company, email or PO number"
        {...field('search')}
        autoComplete="off"
        spellCheck={false}
      />
      <div className="field">
        <label className="field__label" htmlFor="desk-status">
          Status
        </label>
        <select id="desk-status" className="field__input" {...form.register('status')}>
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
        <select id="desk-kind" className="field__input" {...form.register('kind')}>
          <option value="">Orders and quotes</option>
          <option value="orders">Orders</option>
          <option value="quotes">Quotes</option>
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor="desk-state">
          Ship-to state
        </label>
        <select id="desk-state" className="field__input" {...form.register('state')}>
          <StateOptions placeholder="Any state" />
        </select>
      </div>
      <label className="choice">
        <input type="checkbox" {...form.register('unpaid')} />
        Show unpaid checkouts
      </label>
      <label className="choice">
        <input type="checkbox" {...form.register('backorders')} />
        Backorders only
      </label>
      <label className="choice">
        <input type="checkbox" {...form.register('awaiting')} />
        Awaiting confirmation
      </label>
      {placed.map(({ name, label, range }) => (
        <TextField key={name} label={label} type="date" {...range} {...field(name)} />
      ))}
      <FormActions
        className="desk-filters__actions"
        pending={false}
        submitLabel="Apply filters"
        secondary={{ label: 'Clear', onClick: () => onApply(noFilters) }}
      />
    </form>
  );
}
