import { formatBusinessTime } from '@labshop/contracts/dates';
import { useState, type FormEvent } from 'react';
import type { AsOfEntityType } from '@labshop/contracts/as-of';
import { ErrorState, LoadingState } from '@/components/page-state/page-state.tsx';
import { TextField } from '@/components/text-field/text-field.tsx';
import { useAsOf } from '@/lib/as-of.ts';
import { auditFieldLabel } from './audit-format.ts';
import { instantFromLocalInput } from '@/lib/local-date-time.ts';
import { AuditValue } from './audit-value.tsx';

interface AsOfViewProps {
  entityType: AsOfEntityType;
  entityId: string;
  itemName: string;
}

/** Time travel: the entity as it stood at a moment the admin picks (in their own time zone), folded from its history by the server. */
export function AsOfView({ entityType, entityId, itemName }: AsOfViewProps) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [at, setAt] = useState<string | null>(null);
  const asOf = useAsOf(entityType, entityId, at);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const instant = instantFromLocalInput(draft);
    setError(instant === null ? 'Please choose a date and time' : null);
    if (instant !== null) setAt(instant);
  };

  return (
    <section className="as-of" aria-label={`${itemName} as of a moment`}>
      <h3 className="as-of__title">As of a moment</h3>
      <form className="as-of__form" onSubmit={submit} noValidate>
        <TextField
          label="Date and time"
          type="datetime-local"
          step={0.001}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          error={error ?? undefined}
          announceError
        />
        <button type="submit" className="button button--secondary">
          Show state
        </button>
      </form>
      {at !== null &&
        (asOf.data !== undefined ? (
          asOf.data.state === null ? (
            <p className="state-message" role="status">
              {`${itemName} did not exist at ${formatBusinessTime(asOf.data.at)}.`}
            </p>
          ) : (
            <div role="status">
              <p className="as-of__summary">
                {`As of ${formatBusinessTime(asOf.data.at)}: ${asOf.data.eventsFolded} ${asOf.data.eventsFolded === 1 ? 'event' : 'events'}`}
                {asOf.data.lastChangeAt !== null && `, last changed ${formatBusinessTime(asOf.data.lastChangeAt)}`}
              </p>
              <table
                className="history-changes as-of__state"
                aria-label={`${itemName} as of ${formatBusinessTime(asOf.data.at)}`}
              >
                <colgroup>
                  <col className="history-changes__field" />
                  <col />
                </colgroup>
                <tbody>
                  {Object.entries(asOf.data.state).map(([field, value]) => (
                    <tr key={field}>
                      <th scope="row">{auditFieldLabel(field)}</th>
                      <td>
                        <AuditValue field={field} value={value} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        ) : asOf.error === null ? (
          <LoadingState>Replaying its history…</LoadingState>
        ) : (
          <ErrorState
            message={`The state could not be worked out. ${asOf.error.message}`}
            onRetry={() => void asOf.refetch()}
            retrying={asOf.isRefetching}
          />
        ))}
    </section>
  );
}
