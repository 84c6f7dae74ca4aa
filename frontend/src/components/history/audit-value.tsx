import { auditFieldLabel, auditFileUrl, formatAuditValue, isAuditFile, type AuditFile } from './audit-format.ts';

/** The file's name is the link's text (as a table cell reads); that it opens in a new tab is said to screen readers. */
const FileLink = ({ file }: { file: AuditFile }) => (
  <a
    href={auditFileUrl(file)}
    target="_blank"
    rel="noopener noreferrer"
    aria-label={`${file.originalName} (opens in a new tab)`}
  >
    {file.originalName}
  </a>
);

/** A slot-to-file record (a detail's files): at least one slot holds a file and every slot holds a file or nothing. */
const fileSlots = (value: unknown): [string, AuditFile | null][] | null => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const slots = Object.entries(value as Record<string, unknown>);
  if (!slots.some(([, file]) => isAuditFile(file)) || !slots.every(([, file]) => file === null || isAuditFile(file)))
    return null;
  return slots as [string, AuditFile | null][];
};

/** One value of the History panel and the as-of view as the rest of the back office shows it: money, rates, words, files by name with a link. */
export function AuditValue({ field, value }: { field: string; value: unknown }) {
  if (isAuditFile(value)) return <FileLink file={value} />;
  const slots = fileSlots(value);
  if (slots === null) return <>{formatAuditValue(field, value)}</>;
  return (
    <ul className="audit-files">
      {slots.map(([slot, file]) => (
        <li key={slot}>
          {`${auditFieldLabel(slot)}: `}
          {file === null ? 'none' : <FileLink file={file} />}
        </li>
      ))}
    </ul>
  );
}
