import { CsvDownload } from '@/components/csv-download/csv-download.tsx';
import { Pager } from '@/components/pager/pager.tsx';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-state/page-state.tsx';
import { downloadAuditCsv } from '../api/download-audit-csv.ts';
import { useAuditLog } from '@/lib/audit-log.ts';
import { auditRequest, hasAuditFilters, noAuditFilters, type AuditFilters } from '../audit-filters.ts';
import type { ColumnDef } from '@tanstack/react-table';
import { formatBusinessTime } from '@labshop/contracts/dates';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { actorText, AuditEntity, AuditEntryChanges, originText } from '@/components/history/audit-entry.tsx';
import { auditActionLabel } from '@/components/history/audit-format.ts';
import type { AuditLogEntry } from '@/lib/audit-log.ts';
import { AuditFiltersForm } from './audit-filters-form.tsx';
import './audit-log.css';

const PAGE_SIZE = 25;

const columns: ColumnDef<AuditLogEntry>[] = [
  {
    id: 'at',
    accessorFn: (entry) => formatBusinessTime(entry.at),
    header: 'When',
    meta: { rowHeader: true },
    cell: ({ row }) => <time dateTime={row.original.at}>{formatBusinessTime(row.original.at)}</time>,
  },
  { id: 'action', header: 'Action', cell: ({ row }) => auditActionLabel(row.original.action) },
  { id: 'actor', header: 'By', cell: ({ row }) => actorText(row.original.actor) },
  { id: 'entity', header: 'Entity', cell: ({ row }) => <AuditEntity entry={row.original} /> },
  {
    id: 'origin',
    header: 'From',
    cell: ({ row }) => <span className="audit-log__origin">{originText(row.original)}</span>,
  },
  { id: 'changes', header: 'Changes', cell: ({ row }) => <AuditEntryChanges entry={row.original} /> },
];

interface AuditLogPageProps {
  filters: AuditFilters;
  /** The route keeps filters and page in the URL. */
  onFiltersChange(filters: AuditFilters): void;
}

/** The audit log: every admin and system action and failed admin sign-in, filtered, a page at a time, and as CSV. */
export function AuditLog({ filters, onFiltersChange }: AuditLogPageProps) {
  const request = auditRequest(filters, PAGE_SIZE);
  const log = useAuditLog(request);
  const list = log.data;
  const pages = list === undefined ? 1 : Math.max(1, Math.ceil(list.total / list.pageSize));
  const goToPage = (page: number) => onFiltersChange({ ...filters, page });

  return (
    <div className="audit-log">
      <AuditFiltersForm filters={filters} onApply={onFiltersChange} />
      {list === undefined ? (
        log.error === null ? (
          <LoadingState>Loading the audit log…</LoadingState>
        ) : (
          <ErrorState
            message={`The audit log could not be loaded. ${log.error.message}`}
            onRetry={() => void log.refetch()}
            retrying={log.isRefetching}
          />
        )
      ) : list.entries.length === 0 ? (
        <EmptyState>
          {hasAuditFilters(filters) ? (
            <>
              <p>Nothing in the audit log matches these filters.</p>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => onFiltersChange(noAuditFilters)}
              >
                Clear filters
              </button>
            </>
          ) : (
            <p>Nothing has been done yet.</p>
          )}
        </EmptyState>
      ) : (
        <>
          <div className="audit-log__bar">
            <p role="status">
              {`${list.total.toLocaleString('en-US')} ${list.total === 1 ? 'entry' : 'entries'}`}
              {log.isPlaceholderData && ' (updating…)'}
            </p>
            <CsvDownload download={(token) => downloadAuditCsv(auditCsvFilters(filters), token)} />
          </div>
          <DataTable
            caption="Audit log, newest first"
            columns={columns}
            rows={list.entries}
            rowId={(entry) => entry.eventId}
            busy={log.isPlaceholderData}
            hiddenColumns={[]}
          />
          <Pager page={filters.page} pages={pages} onPage={goToPage} />
        </>
      )}
    </div>
  );
}

/** The filtered log, every page of it, for the CSV. */
function auditCsvFilters(filters: AuditFilters) {
  const { page: _page, pageSize: _pageSize, ...only } = auditRequest(filters, PAGE_SIZE);
  return only;
}
