import { auditLogCsvQuery } from '@labshop/contracts/admins/audit-log-queries';
import { TextField } from '@/components/text-field/text-field.tsx';
import { useCommandForm } from '@/hooks/use-command-form.ts';
import { noAuditFilters, type AuditFilters } from '../audit-filters.ts';
import { instantFromLocalInput, localInputFromInstant } from '@/lib/local-date-time.ts';
import { FormActions } from '@/components/form-actions/form-actions.tsx';

type FilterName = Exclude<keyof AuditFilters, 'page'>;
type Draft = Record<FilterName, string>;

const draftOf = (filters: AuditFilters): Draft => ({
  ...filters,
  from: localInputFromInstant(filters.from),
  to: localInputFromInstant(filters.to),
});

/** The draft as filters: each trimmed, the moments as instants (text that is no moment is left for the schema to refuse). */
const filtersOf = (draft: Draft): AuditFilters => {
  const instant = (value: string) => (value === '' ? '' : (instantFromLocalInput(value) ?? value));
  return {
    actor: draft.actor.trim(),
    entityType: draft.entityType.trim(),
    entityId: draft.entityId.trim(),
    action: draft.action.trim(),
    from: instant(draft.from),
    to: instant(draft.to),
    page: 1,
  };
};

/** The filters the query API is given: only those set. */
const givenFilters = (draft: Draft) =>
  Object.fromEntries(Object.entries(filtersOf(draft)).filter(([name, value]) => name !== 'page' && value !== ''));

const fields: { name: FilterName; label: string; type: 'text' | 'datetime-local'; hint?: string }[] = [
  { name: 'actor', label: 'Admin (email or id)', type: 'text' },
  { name: 'entityType', label: 'Entity type', type: 'text', hint: 'order, product, subproduct, detail, admin, …' },
  { name: 'entityId', label: 'Entity id', type: 'text' },
  { name: 'action', label: 'Action', type: 'text', hint: 'e.g. product-renamed, admin-sign-in-failed' },
  { name: 'from', label: 'From', type: 'datetime-local' },
  { name: 'to', label: 'To', type: 'datetime-local' },
];

/** The audit log's filters as one form: Enter or Apply filters (from the first page), Clear shows everything. */
export function AuditFiltersForm({
  filters,
  onApply,
}: {
  filters: AuditFilters;
  onApply(filters: AuditFilters): void;
}) {
  // The query API's own schema (the CSV's: the filters alone), so a refusal is said beside its field in its words.
  const { form, formRef, field, onSubmit } = useCommandForm<Draft, unknown>({
    schema: auditLogCsvQuery,
    toInput: givenFilters,
    // The URL can change under the form (Back, a link): the form follows it.
    values: draftOf(filters),
    focusRefused: true,
  });

  const submit = onSubmit(() => onApply(filtersOf(form.getValues())));

  return (
    <form ref={formRef} className="audit-filters" aria-label="Filter the audit log" onSubmit={submit} noValidate>
      {fields.map(({ name, label, type, hint }) => (
        <TextField
          key={name}
          label={label}
          type={type}
          step={type === 'datetime-local' ? 1 : undefined}
          {...field(name)}
          autoComplete="off"
          spellCheck={false}
          hint={hint}
        />
      ))}
      <FormActions
        className="audit-filters__actions"
        pending={false}
        submitLabel="Apply filters"
        secondary={{ label: 'Clear', onClick: () => onApply(noAuditFilters) }}
      />
    </form>
  );
}
