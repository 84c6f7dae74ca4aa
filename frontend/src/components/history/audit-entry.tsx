import { formatBusinessTime } from '@labshop/contracts/dates';
import { Link } from 'react-router-dom';
import { useIsPhone } from '@/hooks/use-media-query.ts';
import type { AuditChange, AuditLogEntry } from '@/lib/audit-log.ts';
import { auditActionLabel, auditEntityLabel, auditFieldLabel } from './audit-format.ts';
import { AuditValue } from './audit-value.tsx';
import './history.css';

/** Who did it: the admin's email, the system, or (a failed sign-in) the email someone tried. */
export function actorText({ kind, id, email }: AuditLogEntry['actor']) {
  if (kind === 'system') return `the system (${email || id})`;
  if (kind === 'anonymous') return `someone trying ${email}`;
  return email;
}

/** Where an entity is worked on in the back office, when it has a page of its own. */
function entityLink({ entityType, entityId }: AuditLogEntry) {
  return entityType === 'order' ? `/admin/orders/${encodeURIComponent(entityId)}` : null;
}

/** The entity an entry is about, linked to its back-office page when it has one. */
export function AuditEntity({ entry }: { entry: AuditLogEntry }) {
  const link = entityLink(entry);
  const entityName = `${auditEntityLabel(entry.entityType)}${entry.entityId ? ` ${entry.entityId}` : ''}`;
  return link === null ? entityName : <Link to={link}>{entityName}</Link>;
}

/** Where the action came from: address · browser. */
export const originText = (entry: AuditLogEntry) =>
  `${entry.ip ?? 'an unknown address'}${entry.userAgent !== null ? ` · ${entry.userAgent}` : ''}`;

/** What the entry changed, field by field (a creation: the values it started with). */
export function AuditEntryChanges({ entry }: { entry: AuditLogEntry }) {
  return entry.changes.length > 0 ? (
    <AuditChanges changes={entry.changes} initial={CREATION.test(entry.action)} />
  ) : null;
}

/**
 * One audit entry of a History panel: the action, who, when, and each field before → after (a creation lists the
 * values it started with).
 */
export function AuditEntryView({ entry }: { entry: AuditLogEntry }) {
  return (
    <li className="history-entry">
      <p className="history-entry__summary">
        <strong>{auditActionLabel(entry.action)}</strong> by {actorText(entry.actor)}{' '}
        <time dateTime={entry.at}>{formatBusinessTime(entry.at)}</time>
      </p>
      <AuditEntryChanges entry={entry} />
    </li>
  );
}

/** Actions that bring an entity into being: nothing was before them, the values it started with are enough. */
const CREATION = /-(created|registered)$/;

/** On a phone the fields an entry changed fold behind a summary, so a page of entries is a page, not a scroll of tables. */
function AuditChanges({ changes, initial }: { changes: readonly AuditChange[]; initial: boolean }) {
  const isPhone = useIsPhone();
  const table = <ChangesTable changes={changes} initial={initial} />;
  if (!isPhone) return table;
  const count = `${changes.length} ${changes.length === 1 ? 'field' : 'fields'}`;
  return (
    <details className="history-changes-fold">
      <summary>{initial ? `Initial values (${count})` : `What changed (${count})`}</summary>
      {table}
    </details>
  );
}

function ChangesTable({ changes, initial }: { changes: readonly AuditChange[]; initial: boolean }) {
  return (
    <table className="history-changes">
      <colgroup>
        <col className="history-changes__field" />
        <col />
        {!initial && <col />}
      </colgroup>
      <thead>
        <tr>
          <th scope="col">Field</th>
          {initial ? (
            <th scope="col">Initial value</th>
          ) : (
            <>
              <th scope="col">Before</th>
              <th scope="col">After</th>
            </>
          )}
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.field}>
            <th scope="row">{auditFieldLabel(change.field)}</th>
            {!initial && (
              <td>
                <AuditValue field={change.field} value={change.before} />
              </td>
            )}
            <td>
              {!initial && <span aria-hidden="true">→ </span>}
              <AuditValue field={change.field} value={change.after} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
