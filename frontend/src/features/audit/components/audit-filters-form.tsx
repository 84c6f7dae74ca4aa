import { useState, type FormEvent } from 'react';
import { auditLogFilters } from '@labshop/contracts/admins/audit-log-queries';
import { TextField } from '@/components/text-field/text-field.tsx';
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

/** The draft as filters, checked with the query API's own rules so a refusal is said beside its field. */
function parse(draft: Draft): { filters: AuditFilters; errors: Partial<Record<FilterName, string>> } {
  const errors: Partial<Record<FilterName, string>> = {};
  const instant = (name: 'from' | 'to') => {
    if (draft[name] === '') return '';
    const value = instantFromLocalInput(draft[name]);
    if (value === null) errors[name] = `${name === 'from' ? 'From' : 'To'} must be a date and time`;
    return value ?? '';
  };
  const filters: AuditFilters = {
    actor: draft.actor.trim(),
    entityType: draft.entityType.trim(),
    entityId: draft.entityId.trim(),
    action: draft.action.trim(),
    from: instant('from'),
    to: instant('to'),
    page: 1,
  };
  if (Object.keys(errors).length > 0) return { filters, errors };
  const given = Object.fromEntries(Object.entries(filters).filter(([name, value]) => name !== 'page' && value !== ''));
  const result = auditLogFilters
    .refine(({ from, to }) => !from || !to || from <= to, { message: 'To must not be before From', path: ['to'] })
    .safeParse(given);
  if (!result.success)
    for (const issue of result.error.issues) errors[String(issue.path[0]) as FilterName] ??= issue.message;
  return { filters, errors };
}

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
  const [draft, setDraft] = useState(() => draftOf(filters));
  const [errors, setErrors] = useState<Partial<Record<FilterName, string>>>({});
  // The URL can change under the form (Back, a link): the form follows it.
  const [shown, setShown] = useState(filters);
  if (shown !== filters) {
    setShown(filters);
    setDraft(draftOf(filters));
    setErrors({});
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parse(draft);
    setErrors(parsed.errors);
    if (Object.keys(parsed.errors).length === 0) onApply(parsed.filters);
  };

  return (
    <form className="audit-filters" aria-label="Filter the audit log" onSubmit={submit} noValidate>
      {fields.map(({ name, label, type, hint }) => (
        <TextField
          key={name}
          label={label}
          type={type}
          step={type === 'datetime-local' ? 1 : undefined}
          value={draft[name]}
          onChange={(event) => setDraft((current) => ({ ...current, [name]: event.target.value }))}
          autoComplete="off"
          spellCheck={false}
          hint={hint}
          error={errors[name]}
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
