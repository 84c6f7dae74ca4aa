import { ApiError } from '@/lib/api-client.ts';
import { useCatalogueAudit, type AuditEntityType, type AuditEntry } from '../api/get-catalogue-audit.ts';
import { auditActionLabel, auditFieldLabel, formatAuditTime, formatAuditValue } from '../audit-format.ts';
import { Dialog } from '@/components/dialog/dialog.tsx';

interface HistoryDialogProps {
  entityType: AuditEntityType;
  entityId: string;
  itemName: string;
  onClose: () => void;
}

/** Who changed what on a product, subproduct or detail, and when: newest first, each field before → after. */
export function HistoryDialog({ entityType, entityId, itemName, onClose }: HistoryDialogProps) {
  const { data, isPending, isError, error, refetch, isRefetching } = useCatalogueAudit(entityType, entityId);
  const empty = isError && error instanceof ApiError && error.status === 404;

  return (
    <Dialog open size="wide" title={`History of ${itemName}`} onClose={onClose}>
      {isPending && (
        <p className="state-message" role="status">
          Loading history…
        </p>
      )}
      {empty && <p className="state-message">No history for this item yet.</p>}
      {isError && !empty && (
        <div className="state-message state-message--error" role="alert">
          <p>The history could not be loaded. {error.message}</p>
          <button type="button" className="button button--secondary" onClick={() => void refetch()} disabled={isRefetching}>
            Try again
          </button>
        </div>
      )}
      {data !== undefined && (
        <ol className="history-list" aria-label={`Changes to ${itemName}, newest first`}>
          {data.entries.map((entry, index) => (
            <HistoryEntry key={`${entry.at}-${index}`} entry={entry} />
          ))}
        </ol>
      )}
    </Dialog>
  );
}

function HistoryEntry({ entry }: { entry: AuditEntry }) {
  return (
    <li className="history-entry">
      <p className="history-entry__summary">
        <strong>{auditActionLabel(entry.action)}</strong>
        {entry.via !== undefined && <> with its {entry.via.entityType}</>} by {entry.actor.email}{' '}
        <time dateTime={entry.at}>{formatAuditTime(entry.at)}</time>
      </p>
      {entry.changes.length > 0 && (entry.action === 'created' ? <CreatedValues entry={entry} /> : <ChangedValues entry={entry} />)}
    </li>
  );
}

function ChangedValues({ entry }: { entry: AuditEntry }) {
  return (
    <table className="history-changes">
      <colgroup>
        <col className="history-changes__field" />
        <col />
        <col />
      </colgroup>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Before</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {entry.changes.map((change) => (
          <tr key={change.field}>
            <th scope="row">{auditFieldLabel(change.field)}</th>
            <td>{formatAuditValue(change.field, change.before)}</td>
            <td>
              <span aria-hidden="true">→ </span>
              {formatAuditValue(change.field, change.after)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A creation has nothing before it: the values it started with are enough. */
function CreatedValues({ entry }: { entry: AuditEntry }) {
  return (
    <table className="history-changes">
      <colgroup>
        <col className="history-changes__field" />
        <col />
      </colgroup>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Initial value</th>
        </tr>
      </thead>
      <tbody>
        {entry.changes.map((change) => (
          <tr key={change.field}>
            <th scope="row">{auditFieldLabel(change.field)}</th>
            <td>{formatAuditValue(change.field, change.after)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
